import type { SourceVersionDiff } from '@shared/schemas/source';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcesQueryKey } from './list-sources';

/**
 * GET /api/projects/{projectId}/sources/{projectSourceId}/version: a new version compared with the
 * previous file (unchanged, reworded, new and removed questions). Under the sources key, so a
 * SOURCE_UPDATED (the comparison done, the version applied) refreshes it.
 */
export const getSourceVersion = (projectId: string, projectSourceId: string, signal?: AbortSignal) =>
  api('getSourceVersion', { params: { projectId, projectSourceId }, signal });

export const sourceVersionQueryOptions = (projectId: string, projectSourceId: string) =>
  queryOptions({
    queryKey: [...sourcesQueryKey(projectId), 'version', projectSourceId] as const,
    queryFn: ({ signal }): Promise<SourceVersionDiff> => getSourceVersion(projectId, projectSourceId, signal),
  });

export const useSourceVersion = (projectId: string, projectSourceId: string, { enabled = true } = {}) =>
  useQuery({ ...sourceVersionQueryOptions(projectId, projectSourceId), enabled });
