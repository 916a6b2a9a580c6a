import type { ProjectDashboard } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { ProjectDashboard };

/** GET /api/projects/{projectId}/dashboard: the project with its tiles, burndown, heat map and assignments. */
export const getProjectDashboard = (projectId: string, signal?: AbortSignal) =>
  api('getProjectDashboard', { params: { projectId }, signal });

export const projectDashboardQueryKey = (projectId: string) =>
  [...projectQueryKey(projectId), 'dashboard'] as const;

export const projectDashboardQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectDashboardQueryKey(projectId),
    queryFn: ({ signal }) => getProjectDashboard(projectId, signal),
    // A missing (or not shared) project stays missing: no retry.
    retry: (failures, error) => !(isApiError(error) && error.status === 404) && failures < 1,
  });

export const useProjectDashboard = (projectId: string) => useQuery(projectDashboardQueryOptions(projectId));
