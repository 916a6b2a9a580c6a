import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /api/user: the caller's user record (teamId is null until the user joins a team). Read by the
 * guards and the chrome, the profile screen and onboarding (the create-team screen suggests a name
 * from it): one key, so the record is fetched once and every update of the cache shows everywhere.
 */
export const getCurrentUser = (signal?: AbortSignal) => api('getUser', { signal });

export type CurrentUser = Awaited<ReturnType<typeof getCurrentUser>>;

export const currentUserQueryKey = ['user', 'me'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => getCurrentUser(signal) });

export const useCurrentUser = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...currentUserQueryOptions(), enabled });
