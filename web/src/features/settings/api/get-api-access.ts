import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/team/api-access: the team id, the client id and the start of the key (never the key). */
export const getApiAccess = (signal?: AbortSignal) => api('getApiAccess', { signal });

export const apiAccessQueryKey = ['settings', 'api-access'] as const;

export const apiAccessQueryOptions = () =>
  queryOptions({ queryKey: apiAccessQueryKey, queryFn: ({ signal }) => getApiAccess(signal) });

/** Only for UPDATE_TEAM: the tab is not offered to others. */
export const useApiAccess = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...apiAccessQueryOptions(), enabled });
