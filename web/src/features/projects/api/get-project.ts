import type { Project } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Project };

/** GET /api/projects/{projectId}: one project (404 for a missing one or a PRIVATE one not shared). */
export const getProject = (projectId: string, signal?: AbortSignal) =>
  api('getProject', { params: { projectId }, signal });

/** Every query of one project starts with this key (the dashboard, team, access, wording, tags). */
export const projectQueryKey = (projectId: string) => ['projects', 'detail', projectId] as const;

export const projectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...projectQueryKey(projectId), 'record'] as const,
    queryFn: ({ signal }) => getProject(projectId, signal),
  });

export const useProject = (projectId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...projectQueryOptions(projectId), enabled });
