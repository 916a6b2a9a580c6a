import { accountStatusQueryKey } from '@/lib/account-status';
import { type CurrentUser, currentUserQueryKey } from '@/lib/current-user';
import { invalidateAll, type LiveEventHandlers } from '@/lib/live-events';

/**
 * The caller's own record (names, photo, role and group: the profile and the chrome show it) and
 * account status, both shared queries of lib.
 *
 * - USER_UPDATED reaches the whole team: the record is refreshed only when it is the caller's own
 *   (changed in another tab or browser).
 * - TEAM_MEMBER_UPDATED names a membership, maybe the caller's: the record carries the current
 *   membership's role and group, and the status whether there is one, so both are refreshed.
 */
export const userLiveEvents: LiveEventHandlers = {
  USER_UPDATED: ({ data }, { queryClient }) =>
    queryClient.invalidateQueries({
      queryKey: currentUserQueryKey,
      predicate: (query) => (query.state.data as CurrentUser | undefined)?.userId === data.userId,
    }),
  TEAM_MEMBER_UPDATED: (_event, { queryClient }) =>
    invalidateAll(queryClient, [currentUserQueryKey, accountStatusQueryKey]),
};
