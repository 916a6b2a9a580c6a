import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/tags: every tag label in use in the team (suggestions for the tag editor). */
export const listTags = (signal?: AbortSignal) => api('listTags', { signal });

export const teamTagsQueryKey = ['projects', 'team-tags'] as const;

export const teamTagsQueryOptions = () =>
  queryOptions({ queryKey: teamTagsQueryKey, queryFn: ({ signal }) => listTags(signal) });

export const useTeamTags = () => useQuery(teamTagsQueryOptions());
