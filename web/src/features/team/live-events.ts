import { invalidateAll, type LiveEventHandler, type LiveEventHandlers } from '@/lib/live-events';
import { permissionsQueryKey } from '@/lib/permissions';
import { groupsQueryKey } from './api/get-groups';
import { rolesQueryKey } from './api/get-roles';
import { allMembersQueryKey } from './api/list-all-members';

/**
 * The queries an open Team page shows. The caller's permission map is among them: a member update
 * may be the caller's own role changing, and the page hides what the new role may not do.
 */
export const TEAM_LIVE_QUERY_KEYS = [allMembersQueryKey, rolesQueryKey, groupsQueryKey, permissionsQueryKey];

const refreshTeam: LiveEventHandler = (_event, { queryClient }) =>
  invalidateAll(queryClient, TEAM_LIVE_QUERY_KEYS);

/** A member's group or role, or a person's name or photo, changed: the Team page refreshes. */
export const teamLiveEvents: LiveEventHandlers = {
  TEAM_MEMBER_UPDATED: refreshTeam,
  USER_UPDATED: refreshTeam,
};
