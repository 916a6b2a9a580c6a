import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/roles: the roles of the caller's team, in display order. */
export const getRoles = (signal?: AbortSignal) => api('getRoles', { signal });

export const rolesQueryKey = ['team', 'roles'] as const;

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: rolesQueryKey, queryFn: ({ signal }) => getRoles(signal), staleTime: 300_000 });

export const useRoles = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...rolesQueryOptions(), enabled });
