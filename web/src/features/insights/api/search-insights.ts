import type { InsightsFilter } from '@shared/schemas/insights';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { INSIGHTS_QUERY_KEY } from './list-insight-projects';

/**
 * POST /api/insights/search: the 100 most recently answered questions matching the filter, newest
 * first, and whether more matched (capped: the rest are in the export).
 */
export const searchInsights = (body: InsightsFilter, signal?: AbortSignal) =>
  api('searchInsights', { body, signal });

export const insightsSearchQueryOptions = (body: InsightsFilter) =>
  queryOptions({
    queryKey: [...INSIGHTS_QUERY_KEY, 'search', body] as const,
    queryFn: ({ signal }) => searchInsights(body, signal),
    // Every Search asks the server again (a filter searched earlier may match new answers since);
    // nothing is repeated behind the user's back.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The filter last searched; the previous results stay on screen while a new search runs. */
export const useInsightsSearch = (body: InsightsFilter, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...insightsSearchQueryOptions(body), enabled, placeholderData: keepPreviousData });
