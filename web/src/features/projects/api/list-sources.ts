import type { Source } from '@shared/schemas/source';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { Source };

/** GET /api/projects/{projectId}/sources: the project's question sources, newest first (READ_ANSWER). */
export const listSources = (projectId: string, signal?: AbortSignal) =>
  api('listSources', { params: { projectId }, signal });

/** Every query about a project's sources (the list and each source) starts with this key. */
export const sourcesQueryKey = (projectId: string) => [...projectQueryKey(projectId), 'sources'] as const;

export const sourcesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...sourcesQueryKey(projectId), 'list'] as const,
    queryFn: ({ signal }) => listSources(projectId, signal),
  });

const SAFETY_POLL_MS = 15_000;

/**
 * The list follows SOURCE_UPDATED live (live-events.ts). With `followProcessing`, while a file is
 * still being read (or a new version compared or applied) it is also re-read now and then: a safety net for a dropped connection.
 */
export const useSources = (
  projectId: string,
  { enabled = true, followProcessing = false }: { enabled?: boolean; followProcessing?: boolean } = {},
) =>
  useQuery({
    ...sourcesQueryOptions(projectId),
    enabled,
    refetchInterval: followProcessing
      ? (query) =>
          query.state.data?.some(
            (s) =>
              s.status === 'PROCESSING' ||
              s.status === 'UPLOADING' ||
              s.versionState === 'COMPARING' ||
              s.versionState === 'APPLYING',
          )
            ? SAFETY_POLL_MS
            : false
      : undefined,
  });
