import type { Project } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Project };

/** GET /api/projects/{projectId}: the project being answered (404 when missing or not shared). */
export const getProject = (projectId: string, signal?: AbortSignal) =>
  api('getProject', { params: { projectId }, signal });

export const answeringProjectQueryKey = (projectId: string) => ['answering', projectId, 'project'] as const;

export const answeringProjectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: answeringProjectQueryKey(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
  });

export const useAnsweringProject = (projectId: string) => useQuery(answeringProjectQueryOptions(projectId));
