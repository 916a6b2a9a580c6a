import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every Insights query starts with this key. */
export const INSIGHTS_QUERY_KEY = ['insights'] as const;

/** GET /api/insights/projects: the projects the caller may see, by name (the Project filter). */
export const listInsightProjects = (signal?: AbortSignal) => api('listInsightProjects', { signal });

export const insightProjectsQueryOptions = () =>
  queryOptions({
    queryKey: [...INSIGHTS_QUERY_KEY, 'projects'] as const,
    queryFn: ({ signal }) => listInsightProjects(signal),
    staleTime: 60_000,
  });

/** Fetched when the screen opens, together with the industries (spec 002 §2.4). */
export const useInsightProjects = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...insightProjectsQueryOptions(), enabled });
