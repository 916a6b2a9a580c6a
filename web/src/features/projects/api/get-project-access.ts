import type { ProjectAccess } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { ProjectAccess };

/** GET /api/projects/{projectId}/access/team: TEAM or PRIVATE, and who a PRIVATE project is shared with. */
export const getProjectAccess = (projectId: string, signal?: AbortSignal) =>
  api('getProjectAccess', { params: { projectId }, signal });

export const projectAccessQueryKey = (projectId: string) =>
  [...projectQueryKey(projectId), 'access'] as const;

export const projectAccessQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectAccessQueryKey(projectId),
    queryFn: ({ signal }) => getProjectAccess(projectId, signal),
  });

export const useProjectAccess = (projectId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...projectAccessQueryOptions(projectId), enabled });
