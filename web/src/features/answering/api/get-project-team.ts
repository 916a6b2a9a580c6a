import type { ProjectMember } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ProjectMember };

/** GET /api/projects/{projectId}/team: the members who can see the project (assignees, mentions). */
export const getProjectTeam = (projectId: string, signal?: AbortSignal) =>
  api('getProjectTeam', { params: { projectId }, signal });

export const answeringTeamQueryKey = (projectId: string) => ['answering', projectId, 'team'] as const;

export const answeringTeamQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: answeringTeamQueryKey(projectId),
    queryFn: ({ signal }) => getProjectTeam(projectId, signal),
  });

export const useAnsweringTeam = (projectId: string) => useQuery(answeringTeamQueryOptions(projectId));
