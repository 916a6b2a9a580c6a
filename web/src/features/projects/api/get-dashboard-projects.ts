import type { DashboardProject } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { DashboardProject };

/** GET /api/dashboard/projects: the open projects the caller can see, soonest due first. */
export const getDashboardProjects = (signal?: AbortSignal) => api('getDashboardProjects', { signal });

/** Every projects query starts with 'projects'. */
export const dashboardProjectsQueryKey = ['projects', 'dashboard'] as const;

export const dashboardProjectsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardProjectsQueryKey,
    queryFn: ({ signal }) => getDashboardProjects(signal),
  });

export const useDashboardProjects = () => useQuery(dashboardProjectsQueryOptions());
