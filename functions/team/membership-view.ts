/** How a membership is shown: with its member's name and photo, its group and role names. */
import type { Membership } from '../../shared/schemas/team';
import type { MembershipItem, UserItem } from '../common/entities';
import { mailHealthOf, mailStates, normaliseAddress } from '../common/mail-health';
import { photoUrl } from '../common/photos';
import { membershipStatus, teamGroupNames, teamRoles, usersById } from '../common/team-directory';

interface Directory {
  users: Map<string, UserItem>;
  groups: Map<string, string>;
  roles: Map<string, { name: string; code: string }>;
}

/** Names for a handful of memberships: cached groups and roles, one batch read of users. */
async function directoryFor(teamId: string, memberships: MembershipItem[]): Promise<Directory> {
  const active = memberships.filter((m) => membershipStatus(m) === 'ACTIVE');
  const [users, groups, roles] = await Promise.all([
    usersById(active.map((m) => m.userId)),
    teamGroupNames(
      teamId,
      memberships.map((m) => m.groupId),
    ),
    teamRoles(teamId),
  ]);
  return { users, groups, roles };
}

async function toMembership(m: MembershipItem, { users, groups, roles }: Directory): Promise<Membership> {
  const status = membershipStatus(m);
  const user = status === 'ACTIVE' && m.userId ? users.get(m.userId) : undefined;
  return {
    membershipId: m.membershipId,
    userId: status === 'ACTIVE' ? (m.userId ?? null) : null,
    emailAddress: user?.emailAddress ?? m.invitedEmail ?? m.emailAddress,
    status,
    groupId: m.groupId,
    roleId: m.roleId,
    createdAt: m.createdAt,
    member: user
      ? {
          userId: user.userId,
          fullName: `${user.givenName} ${user.lastName}`.trim(),
          emailAddress: user.emailAddress,
          photo: await photoUrl(user.photo),
          lastSeen: user.lastSeen ?? null,
        }
      : null,
    group: { groupName: groups.get(m.groupId) ?? '' },
    role: roles.get(m.roleId) ?? { name: '', code: m.roleCode },
    ...(m.deactivatedAt ? { deactivatedAt: m.deactivatedAt } : {}),
  };
}

/** Memberships of one team as the API shows them, in the order given. */
export async function viewMemberships(teamId: string, memberships: MembershipItem[]) {
  const directory = await directoryFor(teamId, memberships);
  const views = await Promise.all(memberships.map((m) => toMembership(m, directory)));
  // Whether our e-mail reaches each address (one batch read): a row says so when it does not.
  const states = await mailStates(views.map((v) => v.emailAddress));
  return views.map((view) => {
    const mailHealth = mailHealthOf(states.get(normaliseAddress(view.emailAddress)));
    return mailHealth ? { ...view, mailHealth } : view;
  });
}
