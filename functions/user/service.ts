import { DEFAULT_ROLES } from '../../shared/permissions';
import type { AccountStatus, User } from '../../shared/schemas/user';
import type { Caller } from '../common/caller';
import { db } from '../common/entities';
import { NotFoundError } from '../common/errors';

export async function getCurrentUser(caller: Caller): Promise<User> {
  const { user, membership } = caller;
  if (!user) throw new NotFoundError('User not registered');
  const group = membership
    ? (await db().entities.group.get({ teamId: membership.teamId, groupId: membership.groupId }).go()).data
    : null;
  const role = membership ? DEFAULT_ROLES.find((r) => r.code === membership.roleCode) : undefined;
  return {
    userId: user.userId,
    givenName: user.givenName,
    lastName: user.lastName,
    fullName: `${user.givenName} ${user.lastName}`.trim(),
    emailAddress: user.emailAddress,
    photo: user.photo ?? null,
    status: user.status,
    teamId: membership ? (user.teamId ?? null) : null,
    role: role ? { name: role.name, code: role.code } : null,
    group: group ? { groupName: group.groupName } : null,
    createdAt: user.createdAt,
  };
}

/** Drives routing after sign-in (spec 000 §2.3). */
export async function getAccountStatus(caller: Caller): Promise<AccountStatus> {
  if (!caller.user) return 'USER_NOT_REGISTERED';
  if (caller.membership) return 'USER_ACCOUNT_READY';
  const { data: invitations } = await db()
    .entities.membership.query.byInvitedEmail({ invitedEmail: caller.user.emailAddress })
    .go({ limit: 1 });
  return invitations.length > 0 ? 'USER_HAS_INVITATIONS' : 'USER_HAS_NO_INVITATIONS';
}
