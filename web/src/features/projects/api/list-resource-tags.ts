import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

/** GET /api/tags/{resourceId}/tags: the tags on one resource (a project: its projectId). */
export const listResourceTags = (resourceId: string, signal?: AbortSignal) =>
  api('listResourceTags', { params: { resourceId }, signal });

/** The project's own tags live with the project's queries. */
export const projectTagsQueryKey = (projectId: string) => [...projectQueryKey(projectId), 'tags'] as const;

export const projectTagsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectTagsQueryKey(projectId),
    queryFn: ({ signal }) => listResourceTags(projectId, signal),
  });

export const useProjectTags = (projectId: string) => useQuery(projectTagsQueryOptions(projectId));
