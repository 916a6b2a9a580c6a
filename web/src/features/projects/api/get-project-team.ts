import type { ProjectMember } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { ProjectMember };

/** GET /api/projects/{projectId}/team: the members who can see the project. */
export const getProjectTeam = (projectId: string, signal?: AbortSignal) =>
  api('getProjectTeam', { params: { projectId }, signal });

export const projectTeamQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...projectQueryKey(projectId), 'team'] as const,
    queryFn: ({ signal }) => getProjectTeam(projectId, signal),
  });

export const useProjectTeam = (projectId: string) => useQuery(projectTeamQueryOptions(projectId));
