import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/permissions: the caller's permission map (absent key = false; empty without a team). */
export const getPermissions = (signal?: AbortSignal) => api('getPermissions', { signal });

export const permissionsQueryKey = ['team', 'permissions'] as const;

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: permissionsQueryKey, queryFn: ({ signal }) => getPermissions(signal) });

export const usePermissions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...permissionsQueryOptions(), enabled });
