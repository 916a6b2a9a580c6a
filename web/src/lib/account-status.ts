import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/user/status: the caller's account status, which the guards route by (spec 000 §2.3).
 * Onboarding refreshes the same cache entry after answering an invitation, which re-routes the user.
 */
export const getAccountStatus = (signal?: AbortSignal) => api('getUserStatus', { signal });

export const accountStatusQueryKey = ['user', 'status'] as const;

export const accountStatusQueryOptions = () =>
  queryOptions({ queryKey: accountStatusQueryKey, queryFn: ({ signal }) => getAccountStatus(signal) });

export const useAccountStatus = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...accountStatusQueryOptions(), enabled });
