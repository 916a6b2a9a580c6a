import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/permissions: the caller's permission map (absent key = false; empty without a team),
 * only to hide what the server would refuse. Shared by the chrome, the team screen and the home
 * dashboard: one key, so the cached map is reused (no second request).
 */
export const getPermissions = (signal?: AbortSignal) => api('getPermissions', { signal });

export const permissionsQueryKey = ['team', 'permissions'] as const;

export const permissionsQueryOptions = () =>
  queryOptions({ queryKey: permissionsQueryKey, queryFn: ({ signal }) => getPermissions(signal) });

export const usePermissions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...permissionsQueryOptions(), enabled });
