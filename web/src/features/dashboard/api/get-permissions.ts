import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/permissions: the caller's permission map, only to hide what the server would refuse.
 * Same key as the chrome's permission query, so the cached map is reused (no second request).
 */
export const getPermissions = (signal?: AbortSignal) => api('getPermissions', { signal });

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['team', 'permissions'] as const,
    queryFn: ({ signal }) => getPermissions(signal),
  });

export const usePermissions = () => useQuery(permissionsQueryOptions());
