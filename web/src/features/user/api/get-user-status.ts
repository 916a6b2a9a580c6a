import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/user/status: the caller's account status, which drives routing after sign-in. */
export const getUserStatus = (signal?: AbortSignal) => api('getUserStatus', { signal });

export const userStatusQueryKey = ['user', 'status'] as const;

export const userStatusQueryOptions = () =>
  queryOptions({ queryKey: userStatusQueryKey, queryFn: ({ signal }) => getUserStatus(signal) });

export const useUserStatus = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...userStatusQueryOptions(), enabled });
