import { insights as insightsRoutes } from '../../shared/routes/insights';
import { AnalyticsPaging } from '../../shared/schemas/insights';
import { BadRequestError } from '../common/errors';
import { createGroupHandler } from '../common/http';
import {
  analyticsQuestions,
  getExport,
  listIndustries,
  listProjects,
  searchInsights,
  startExport,
} from './service';

/** The public API's limit and offset headers (spec 002 §7.8). */
function pagingOf(headers: Record<string, string | undefined> | null) {
  const lower = Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const paging = AnalyticsPaging.safeParse({
    limit: lower.limit ?? undefined,
    offset: lower.offset ?? undefined,
  });
  if (!paging.success) {
    throw new BadRequestError('Invalid paging headers', {
      [String(paging.error.issues[0]?.path[0] ?? 'limit')]: [
        'limit must be a whole number from 1 to 1000, and offset a whole number from 0',
      ],
    });
  }
  return paging.data;
}

export const handler = createGroupHandler(insightsRoutes, {
  listInsightProjects: async ({ caller }) => listProjects(caller),
  listInsightIndustries: async ({ caller }) => listIndustries(caller),
  searchInsights: async ({ caller, body }) => searchInsights(caller, body),
  startInsightsExport: async ({ caller, body }) => startExport(caller, body),
  getInsightsExport: async ({ caller, params }) => getExport(caller, params.exportId),
  analyticsQuestions: async ({ client, body, event }) =>
    analyticsQuestions(client, body, pagingOf(event.headers)),
});
