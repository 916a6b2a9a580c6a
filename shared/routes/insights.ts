import {
  AnalyticsRequest,
  InsightIndustry,
  InsightProject,
  InsightResult,
  InsightsExport,
  InsightsFilter,
  InsightsSearchResult,
} from '../schemas/insights';
import { route, routeGroup } from './route';

/**
 * Insights (spec 002 §2.4, §7.4): every answered question of the team the caller may see, across
 * projects (PRIVATE ones only to those on them), searched by answered date, compliance, project and
 * industry; the export runs as a job and is fetched when done. The public analytics API (§7.8)
 * searches the same rows for a customer's own systems: authenticated by the team's client id
 * (client_{teamId}) and API key rather than a user, rate-limited per key, PRIVATE projects included
 * (§6: the key grants access to all account data).
 */
export const insights = routeGroup(
  'insights',
  { table: 'readwrite', uploads: 'read' },
  {
    listInsightProjects: route({
      method: 'GET',
      path: '/api/insights/projects',
      auth: 'user',
      permission: 'VIEW_INSIGHTS',
      summary: 'The projects the caller may see, by name (the Project filter)',
      response: InsightProject.array(),
    }),
    listInsightIndustries: route({
      method: 'GET',
      path: '/api/insights/industries',
      auth: 'user',
      permission: 'VIEW_INSIGHTS',
      summary: "The industries of the team's projects (the Industry filter)",
      response: InsightIndustry.array(),
    }),
    searchInsights: route({
      method: 'POST',
      path: '/api/insights/search',
      auth: 'user',
      permission: 'VIEW_INSIGHTS',
      summary: 'The 100 most recently answered questions matching the filter, newest first',
      body: InsightsFilter,
      response: InsightsSearchResult,
    }),
    startInsightsExport: route({
      method: 'POST',
      path: '/api/insights/export',
      auth: 'user',
      permission: 'VIEW_INSIGHTS',
      summary: 'Export every question matching the filter as CSV: a job, fetched when done',
      body: InsightsFilter,
      response: InsightsExport,
    }),
    getInsightsExport: route({
      method: 'GET',
      path: '/api/insights/export/{exportId}',
      auth: 'user',
      permission: 'VIEW_INSIGHTS',
      summary: "An export's state, and when done a short-lived link to the file",
      response: InsightsExport,
    }),
    analyticsQuestions: route({
      method: 'POST',
      path: '/api/analytics/questions',
      auth: 'api-key',
      summary:
        'Public analytics API: answered questions matching the filter, newest first; headers client_id (client_{teamId}) and client_secret (the API key), limit (1 to 1000, default 100) and offset',
      pagingHeaders: true,
      body: AnalyticsRequest,
      response: InsightResult.array(),
    }),
  },
);
