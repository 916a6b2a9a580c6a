import type { ConsistencyReport } from '@shared/schemas/consistency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { ConsistencyReport };

/** GET /api/projects/{projectId}/consistency: the project's consistency findings as last checked. */
export const getConsistency = (projectId: string, signal?: AbortSignal) =>
  api('getConsistency', { params: { projectId }, signal });

export const consistencyQueryKey = (projectId: string) =>
  [...projectQueryKey(projectId), 'consistency'] as const;

export const consistencyQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: consistencyQueryKey(projectId),
    queryFn: ({ signal }) => getConsistency(projectId, signal),
  });

export const useConsistency = (projectId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...consistencyQueryOptions(projectId), enabled });
