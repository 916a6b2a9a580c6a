import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/user/status: the caller's account status, which the guards route by. */
export const getAccountStatus = (signal?: AbortSignal) => api('getUserStatus', { signal });

/** The same cache entry as the guards' status query: refreshing it re-routes the user. */
export const accountStatusQueryKey = ['user', 'status'] as const;

export const accountStatusQueryOptions = () =>
  queryOptions({ queryKey: accountStatusQueryKey, queryFn: ({ signal }) => getAccountStatus(signal) });

export const useAccountStatus = () => useQuery(accountStatusQueryOptions());
