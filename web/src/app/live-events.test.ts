import type { LiveEvent } from '@shared/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { activityQueryKey } from '@/features/activity/api/get-activity';
import {
  dashboardNotificationsQueryOptions,
  notificationsInfiniteQueryOptions,
} from '@/features/notifications/api/list-notifications';
import { groupsQueryKey } from '@/features/team/api/get-groups';
import { rolesQueryKey } from '@/features/team/api/get-roles';
import { allMembersQueryKey } from '@/features/team/api/list-all-members';
import { accountStatusQueryKey } from '@/lib/account-status';
import { authSessionQueryKey } from '@/lib/auth';
import { currentUserQueryKey } from '@/lib/current-user';
import { createLiveEventDispatch } from '@/lib/live-events';
import { permissionsQueryKey } from '@/lib/permissions';
import { liveEventHandlers } from './live-events';

/** The queries of a signed-in team member's cache, by their real keys. */
const KEYS = {
  notificationsPage: notificationsInfiniteQueryOptions().queryKey,
  notificationsDashboard: dashboardNotificationsQueryOptions().queryKey,
  members: allMembersQueryKey,
  roles: rolesQueryKey,
  groups: groupsQueryKey,
  permissions: permissionsQueryKey,
  user: currentUserQueryKey,
  status: accountStatusQueryKey,
  session: authSessionQueryKey,
  activity: activityQueryKey(90),
} satisfies Record<string, readonly unknown[]>;
type KeyName = keyof typeof KEYS;

/** Dispatch one event through the app's registry; returns the names of the invalidated queries. */
function dispatch(event: LiveEvent, { userId = 'u1' } = {}) {
  const queryClient = new QueryClient();
  for (const [name, key] of Object.entries(KEYS)) {
    queryClient.setQueryData(key, name === 'user' ? { userId } : { seeded: name });
  }
  const toast = vi.fn();
  const navigate = vi.fn();
  createLiveEventDispatch(liveEventHandlers)(event, { queryClient, toast, navigate });
  const invalidated = (Object.keys(KEYS) as KeyName[]).filter(
    (name) => queryClient.getQueryState(KEYS[name])?.isInvalidated,
  );
  queryClient.clear();
  return { invalidated, toast, navigate };
}

const notification = (linkReferencePath: string, title = 'Ada mentioned you'): LiveEvent => ({
  eventName: 'NOTIFICATION_CREATED',
  data: { notificationId: 'n1', causedByUserId: 'u2', title, linkReferencePath },
  scope: { kind: 'user', id: 'u1' },
});

describe('live events composed by the app', () => {
  it('NOTIFICATION_CREATED refreshes the notifications and toasts a link into the app', () => {
    const { invalidated, toast, navigate } = dispatch(notification('/Projects/p1/q1'));
    expect(invalidated).toEqual(['notificationsPage', 'notificationsDashboard']);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast.mock.calls[0][0]).toBe('Ada mentioned you');
    expect(navigate).not.toHaveBeenCalled();
    toast.mock.calls[0][1].onClick();
    expect(navigate).toHaveBeenCalledWith('/Projects/p1/q1');
  });

  it('does not follow a link that leaves the app, and shows no toast without a title', () => {
    const outside = dispatch(notification('https://evil.example'));
    expect(outside.toast.mock.calls[0][1].onClick).toBeUndefined();
    const untitled = dispatch(notification('/Notifications', ''));
    expect(untitled.toast).not.toHaveBeenCalled();
    expect(untitled.invalidated).toEqual(['notificationsPage', 'notificationsDashboard']);
  });

  it('TEAM_MEMBER_UPDATED refreshes the team page, the permissions and the own record and status', () => {
    const { invalidated, toast } = dispatch({
      eventName: 'TEAM_MEMBER_UPDATED',
      data: { membershipId: 'm1' },
      scope: { kind: 'team', id: 't1' },
    });
    expect(invalidated).toEqual(['members', 'roles', 'groups', 'permissions', 'user', 'status']);
    expect(toast).not.toHaveBeenCalled();
  });

  it("USER_UPDATED refreshes the team page, and the own record only when it is the caller's", () => {
    const event: LiveEvent = {
      eventName: 'USER_UPDATED',
      data: { userId: 'u2' },
      scope: { kind: 'team', id: 't1' },
    };
    const someoneElse = dispatch(event, { userId: 'u1' });
    expect(someoneElse.invalidated).toEqual(['members', 'roles', 'groups', 'permissions']);
    const own = dispatch(event, { userId: 'u2' });
    expect(own.invalidated).toEqual(['members', 'roles', 'groups', 'permissions', 'user']);
  });
});
