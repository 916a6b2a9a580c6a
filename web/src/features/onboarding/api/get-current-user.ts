import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/user: the caller's user record (the create-team screen suggests a name from it). */
export const getCurrentUser = (signal?: AbortSignal) => api('getUser', { signal });

/** The same cache entry as the guards' user query, so the record is fetched once. */
export const currentUserQueryKey = ['user', 'me'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => getCurrentUser(signal) });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
