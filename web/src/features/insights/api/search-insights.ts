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
    // A search is run on Search; it is not repeated behind the user's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The filter last searched; the previous results stay on screen while a new search runs. */
export const useInsightsSearch = (body: InsightsFilter, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...insightsSearchQueryOptions(body), enabled, placeholderData: keepPreviousData });
