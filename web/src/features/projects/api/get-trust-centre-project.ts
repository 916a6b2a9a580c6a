import type { Project } from '@shared/schemas/project';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Project };

/** GET /api/projects/{projectId}: the project named on the Trust Centre page. */
export const getTrustCentreProject = (projectId: string, signal?: AbortSignal) =>
  api('getProject', { params: { projectId }, signal });

/** Every projects query starts with 'projects' (PROJECT_UPDATED refreshes them all). */
export const trustCentreProjectQueryKey = (projectId: string) =>
  ['projects', projectId, 'trust-centre', 'project'] as const;

export const trustCentreProjectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: trustCentreProjectQueryKey(projectId),
    queryFn: ({ signal }) => getTrustCentreProject(projectId, signal),
  });

export const useTrustCentreProject = (projectId: string) =>
  useQuery(trustCentreProjectQueryOptions(projectId));
