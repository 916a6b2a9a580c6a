import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/user: the caller's user record (teamId is null until the user joins a team). */
export const getUser = (signal?: AbortSignal) => api('getUser', { signal });

export const userQueryKey = ['user', 'me'] as const;

export const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: ({ signal }) => getUser(signal) });

export const useUser = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...userQueryOptions(), enabled });
