import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/groups: the groups ("teams" inside the team account) of the caller's team. */
export const getGroups = (signal?: AbortSignal) => api('getGroups', { signal });

export const groupsQueryKey = ['team', 'groups'] as const;

export const groupsQueryOptions = () =>
  queryOptions({ queryKey: groupsQueryKey, queryFn: ({ signal }) => getGroups(signal), staleTime: 300_000 });

export const useGroups = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...groupsQueryOptions(), enabled });
