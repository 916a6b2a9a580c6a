import { insights as insightsRoutes } from '../../shared/routes/insights';
import { pagingOf } from '../common/api-paging';
import { createGroupHandler } from '../common/http';
import {
  analyticsQuestions,
  getExport,
  listIndustries,
  listProjects,
  searchInsights,
  startExport,
} from './service';

export const handler = createGroupHandler(insightsRoutes, {
  listInsightProjects: async ({ caller }) => listProjects(caller),
  listInsightIndustries: async ({ caller }) => listIndustries(caller),
  searchInsights: async ({ caller, body }) => searchInsights(caller, body),
  startInsightsExport: async ({ caller, body }) => startExport(caller, body),
  getInsightsExport: async ({ caller, params }) => getExport(caller, params.exportId),
  analyticsQuestions: async ({ client, body, event }) =>
    analyticsQuestions(client, body, pagingOf(event.headers)),
});
