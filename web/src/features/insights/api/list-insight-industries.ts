import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { INSIGHTS_QUERY_KEY } from './list-insight-projects';

/** GET /api/insights/industries: the industries of the team's projects (the Industry filter). */
export const listInsightIndustries = (signal?: AbortSignal) => api('listInsightIndustries', { signal });

export const insightIndustriesQueryOptions = () =>
  queryOptions({
    queryKey: [...INSIGHTS_QUERY_KEY, 'industries'] as const,
    queryFn: ({ signal }) => listInsightIndustries(signal),
    staleTime: 60_000,
  });

/** Fetched when the screen opens, together with the projects (spec 002 §2.4). */
export const useInsightIndustries = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...insightIndustriesQueryOptions(), enabled });
