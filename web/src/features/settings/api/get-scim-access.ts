import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/team/scim: the SCIM base path and the start of the team's SCIM token (never the token). */
export const getScimAccess = (signal?: AbortSignal) => api('getScimAccess', { signal });

export const scimAccessQueryKey = ['settings', 'scim-access'] as const;

export const scimAccessQueryOptions = () =>
  queryOptions({ queryKey: scimAccessQueryKey, queryFn: ({ signal }) => getScimAccess(signal) });

export const useScimAccess = () => useQuery(scimAccessQueryOptions());
