import type { Source } from '@shared/schemas/source';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcesQueryKey } from './list-sources';

/** GET /api/projects/{projectId}/sources/{projectSourceId}: one source with its sheets or document and state. */
export const getSource = (projectId: string, projectSourceId: string, signal?: AbortSignal) =>
  api('getSource', { params: { projectId, projectSourceId }, signal });

export const sourceQueryKey = (projectId: string, projectSourceId: string) =>
  [...sourcesQueryKey(projectId), 'detail', projectSourceId] as const;

export const sourceQueryOptions = (projectId: string, projectSourceId: string) =>
  queryOptions({
    queryKey: sourceQueryKey(projectId, projectSourceId),
    queryFn: ({ signal }): Promise<Source> => getSource(projectId, projectSourceId, signal),
  });

export const useSource = (
  projectId: string,
  projectSourceId: string,
  { enabled = true }: { enabled?: boolean } = {},
) => useQuery({ ...sourceQueryOptions(projectId, projectSourceId), enabled });
