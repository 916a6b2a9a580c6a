import { createHash, randomUUID } from 'node:crypto';
import { DEFAULT_GROUPS, DEFAULT_ROLES, TEAM_OWNER_ROLE } from '../../shared/permissions';
import type { Group, Membership, Role } from '../../shared/schemas/team';
import { recordActivityEvent } from '../common/activity';
import type { Caller, TeamCaller } from '../common/caller';
import { config } from '../common/config';
import { invitationEmail } from '../common/email-templates';
import { db } from '../common/entities';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
} from '../common/errors';
import { publishQuietly } from '../common/events';
import { logger } from '../common/logger';
import { sendEmail } from '../common/mailer';
import { photoUrl } from '../common/photos';
import { membershipStatus, teamGroupNames, teamRoles, teamsById, usersById } from '../common/team-directory';
import { notifyQuietly } from '../notifications/service';

type MembershipItem = NonNullable<
  Awaited<ReturnType<ReturnType<ReturnType<typeof db>['entities']['membership']['get']>['go']>>['data']
>;
type UserItem = NonNullable<Caller['user']>;
type RespondAction = 'ACCEPT' | 'DECLINE';

/** Open team pages refresh their list on this event (spec 000 §4). */
const memberChanged = (teamId: string, membershipId: string, sessionId: string | null) =>
  publishQuietly({
    eventName: 'TEAM_MEMBER_UPDATED',
    data: { membershipId },
    scope: { kind: 'team', id: teamId },
    sessionId,
  });

const ALREADY_IN_TEAM = 'You already belong to a team';
const ALREADY_MEMBER = 'That person is already a member of your team';
const ALREADY_INVITED = 'That person has already been invited to your team';
const INVITATION_NOT_FOUND = 'Invitation not found';

/** ElectroDB wraps the SDK error; a failed condition means someone else wrote first. */
const isConditionFailure = (error: unknown) =>
  /conditional request failed/i.test((error as Error)?.message ?? '') ||
  (error as { cause?: { name?: string } })?.cause?.name === 'ConditionalCheckFailedException';

function requireUser(caller: Caller): UserItem {
  if (!caller.user) throw new NotFoundError('User not registered');
  return caller.user;
}

/**
 * Creates a team with its default roles and groups, makes the creator its owner and points the
 * creator's user record at it, all in one transaction. The user write is conditional on the user
 * still having the team they had when read, so two concurrent calls cannot both succeed.
 */
export async function createTeamWithDefaults(
  owner: { userId: string; emailAddress: string; teamId?: string },
  name: string,
) {
  const teamId = randomUUID();
  const roles = DEFAULT_ROLES.map((role, position) => ({ ...role, roleId: randomUUID(), position }));
  const groups = DEFAULT_GROUPS.map((groupName, position) => ({
    groupName,
    groupId: randomUUID(),
    position,
  }));
  const ownerRole = roles.find((r) => r.code === TEAM_OWNER_ROLE)!;
  const membershipId = randomUUID();
  const now = new Date().toISOString();
  const result = await db()
    .transaction.write(({ team, role, group, membership, user }) => [
      team.create({ teamId, name, ownerUserId: owner.userId }).commit(),
      ...roles.map((r) =>
        role.create({ teamId, roleId: r.roleId, name: r.name, code: r.code, position: r.position }).commit(),
      ),
      ...groups.map((g) =>
        group.create({ teamId, groupId: g.groupId, groupName: g.groupName, position: g.position }).commit(),
      ),
      membership
        .create({
          teamId,
          membershipId,
          userId: owner.userId,
          emailAddress: owner.emailAddress,
          groupId: groups[0].groupId,
          roleId: ownerRole.roleId,
          roleCode: ownerRole.code,
          status: 'ACTIVE',
          joinedAt: now,
        })
        .commit(),
      user
        .patch({ userId: owner.userId })
        .set({ teamId, membershipId, roleCode: ownerRole.code, groupId: groups[0].groupId })
        .where((attr, op) => (owner.teamId ? op.eq(attr.teamId, owner.teamId) : op.notExists(attr.teamId)))
        .commit(),
    ])
    .go();
  if (result.canceled) throw new ConflictError(ALREADY_IN_TEAM);
  return { teamId, name };
}

/** POST /team: the caller, registered and without a team, becomes the owner of a new one. */
export async function createTeam(caller: Caller, name: string) {
  const user = requireUser(caller);
  if (caller.membership) throw new ConflictError(ALREADY_IN_TEAM);
  const team = await createTeamWithDefaults(user, name);
  await recordActivityEvent(user.userId, team.teamId, {
    eventName: 'REGISTRATION_CREATE_TEAM',
    eventData: { teamName: team.name },
  });
  return team;
}

export async function listRoles(teamId: string): Promise<Role[]> {
  const { data } = await db().entities.role.query.primary({ teamId }).go({ pages: 'all' });
  return data
    .sort((a, b) => a.position - b.position)
    .map(({ roleId, name, code }) => ({ roleId, name, code }));
}

export async function listGroups(teamId: string): Promise<Group[]> {
  const { data } = await db().entities.group.query.primary({ teamId }).go({ pages: 'all' });
  return data
    .sort((a, b) => a.position - b.position)
    .map(({ groupId, groupName }) => ({ groupId, groupName }));
}

interface Directory {
  users: Map<string, UserItem>;
  groups: Map<string, string>;
  roles: Map<string, { name: string; code: string }>;
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
  };
}

/** Names for a handful of memberships: cached groups and roles, one batch read of users. */
async function directoryFor(teamId: string, memberships: MembershipItem[]): Promise<Directory> {
  const active = memberships.filter((m) => membershipStatus(m) === 'ACTIVE');
  const [users, groups, roles] = await Promise.all([
    usersById(active.map((m) => m.userId)),
    teamGroupNames(teamId),
    teamRoles(teamId),
  ]);
  return { users, groups, roles };
}

const byCreatedAt = (a: MembershipItem, b: MembershipItem) => a.createdAt.localeCompare(b.createdAt);

/**
 * The team page: members by when they joined, then pending invitations. One query for the team's
 * memberships and one batch read for their users, whatever the team size.
 */
export async function listTeamMembers(teamId: string, includeInvitations: boolean) {
  const { data } = await db().entities.membership.query.primary({ teamId }).go({ pages: 'all' });
  const members = data.filter((m) => membershipStatus(m) === 'ACTIVE').sort(byCreatedAt);
  const invitations = includeInvitations
    ? data.filter((m) => membershipStatus(m) === 'INVITED').sort(byCreatedAt)
    : [];
  const directory = await directoryFor(teamId, members);
  return Promise.all([...members, ...invitations].map((m) => toMembership(m, directory)));
}

/**
 * A groupId and roleId are only accepted when they belong to the caller's team: read exactly (not
 * from the cache) since they decide what is written.
 */
async function teamGroupAndRole(
  teamId: string,
  ids: { groupId: string; roleId: string },
  messages: { groupId: string; roleId: string },
) {
  const [{ data: group }, { data: role }] = await Promise.all([
    db().entities.group.get({ teamId, groupId: ids.groupId }).go(),
    db().entities.role.get({ teamId, roleId: ids.roleId }).go(),
  ]);
  const fieldErrors: Record<string, string[]> = {};
  if (!group) fieldErrors.groupId = [messages.groupId];
  if (!role) fieldErrors.roleId = [messages.roleId];
  if (!group || !role) throw new BadRequestError('Invalid request body', fieldErrors);
  return { group, role };
}

/**
 * An invitation's id follows from team and e-mail, so two concurrent invitations of one person
 * collide on the create condition instead of both being written.
 */
export function invitationId(teamId: string, email: string) {
  const hex = createHash('sha256').update(`${teamId}\n${email}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Whether a registered user with this e-mail already has an accepted membership of the team. */
async function isMemberByEmail(teamId: string, email: string) {
  const { data: users } = await db().entities.user.query.byEmail({ emailAddress: email }).go();
  for (const user of users) {
    const { data } = await db()
      .entities.membership.query.byUser({ userId: user.userId })
      .go({ pages: 'all' });
    if (data.some((m) => m.teamId === teamId && membershipStatus(m) === 'ACTIVE')) return true;
  }
  return false;
}

export async function inviteMember(
  caller: TeamCaller,
  input: { emailAddress: string; groupId: string; roleId: string },
  sessionId: string | null = null,
) {
  const teamId = caller.user.teamId;
  const email = input.emailAddress;
  const { role } = await teamGroupAndRole(teamId, input, {
    groupId: 'Please select a team',
    roleId: 'Please select an access level',
  });
  if (role.code === TEAM_OWNER_ROLE) {
    throw new UnprocessableError('The team owner role cannot be given by invitation');
  }
  const membershipId = invitationId(teamId, email);
  const [{ data: existing }, isMember] = await Promise.all([
    db().entities.membership.get({ teamId, membershipId }).go(),
    isMemberByEmail(teamId, email),
  ]);
  if (isMember || (existing && membershipStatus(existing) === 'ACTIVE'))
    throw new ConflictError(ALREADY_MEMBER);
  if (existing) throw new ConflictError(ALREADY_INVITED);

  const now = new Date().toISOString();
  let invitation: MembershipItem;
  try {
    const { data } = await db()
      .entities.membership.create({
        teamId,
        membershipId,
        emailAddress: email,
        invitedEmail: email,
        invitedAt: now,
        invitedByUserId: caller.user.userId,
        groupId: input.groupId,
        roleId: role.roleId,
        roleCode: role.code,
        status: 'INVITED',
      })
      .go();
    invitation = data as MembershipItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(ALREADY_INVITED);
    throw error;
  }

  const { data: team } = await db().entities.team.get({ teamId }).go();
  const senderName = `${caller.user.givenName} ${caller.user.lastName}`.trim();
  try {
    await sendEmail(
      email,
      invitationEmail({ senderName, teamName: team?.name ?? '', email, appUrl: config.appUrl }),
    );
  } catch (error) {
    // An invitation nobody was told about would block inviting them again: undo it.
    await db().entities.membership.delete({ teamId, membershipId }).go();
    throw error;
  }
  await memberChanged(teamId, membershipId, sessionId);
  return toMembership(invitation, await directoryFor(teamId, []));
}

/**
 * Changes a member's group and role. Never one's own role, never the owner's, never to owner; the
 * write is conditional on the version read, so a concurrent change wins cleanly (409).
 */
export async function updateMember(
  caller: TeamCaller,
  membershipId: string,
  input: { groupId: string; roleId: string },
  sessionId: string | null = null,
) {
  const teamId = caller.user.teamId;
  // Keyed by the caller's team: another team's membership id is simply not found here.
  const { data: current } = await db().entities.membership.get({ teamId, membershipId }).go();
  if (!current) throw new NotFoundError('Member not found');
  if (membershipStatus(current) !== 'ACTIVE') {
    throw new ConflictError('That person has not accepted their invitation yet');
  }
  const { group, role } = await teamGroupAndRole(teamId, input, {
    groupId: 'Please select a team',
    roleId: 'Please select access',
  });
  if (role.roleId !== current.roleId) {
    if (current.userId === caller.user.userId) throw new ForbiddenError('You cannot change your own role');
    if (current.roleCode === TEAM_OWNER_ROLE) {
      throw new ForbiddenError("The team owner's role cannot be changed");
    }
    if (role.code === TEAM_OWNER_ROLE)
      throw new UnprocessableError('No one can be given the team owner role');
  }
  // roleCode travels with roleId: permissions are derived from it on every request.
  const access = { groupId: input.groupId, roleId: role.roleId, roleCode: role.code };
  // The member's user record carries the access of its current membership: change both together.
  const { data: member } = current.userId
    ? await db().entities.user.get({ userId: current.userId }).go()
    : { data: null };
  const isCurrent = member?.teamId === teamId && member.membershipId === membershipId;
  const result = await db()
    .transaction.write(({ membership, user }) => [
      membership
        .patch({ teamId, membershipId })
        .set(access)
        .add({ version: 1 })
        .where((attr, op) => op.eq(attr.version, current.version))
        .commit(),
      ...(isCurrent && member
        ? [
            user
              .patch({ userId: member.userId })
              .set({ roleCode: role.code, groupId: input.groupId })
              .where((attr, op) => op.eq(attr.membershipId, membershipId))
              .commit(),
          ]
        : []),
    ])
    .go();
  // A concurrent edit (stale version) or the member switching team in the meantime.
  if (result.canceled) throw new ConflictError();
  const updated = { ...current, ...access, version: current.version + 1 } as MembershipItem;
  await memberChanged(teamId, membershipId, sessionId);
  const changed = role.roleId !== current.roleId || group.groupId !== current.groupId;
  if (changed && current.userId && current.userId !== caller.user.userId) {
    const by = `${caller.user.givenName} ${caller.user.lastName}`.trim();
    await notifyQuietly(
      {
        recipientUserId: current.userId,
        causedByUserId: caller.user.userId,
        teamId,
        title: 'Your access was updated',
        description: `${by} changed your access to ${role.name} in ${group.groupName}.`,
        linkReferencePath: '/Profile',
      },
      sessionId,
    );
  }
  return toMembership(updated, await directoryFor(teamId, [updated]));
}

/** Pending invitations addressed to an e-mail (sparse byEmail index), oldest first. */
async function pendingInvitations(email: string) {
  const { data } = await db()
    .entities.membership.query.byInvitedEmail({ invitedEmail: email })
    .go({ pages: 'all' });
  return data.filter((m) => membershipStatus(m) === 'INVITED').sort(byCreatedAt);
}

export async function listInvitations(caller: Caller) {
  requireUser(caller);
  const invitations = await pendingInvitations(caller.identity.email);
  const [senders, teams] = await Promise.all([
    usersById(invitations.map((m) => m.invitedByUserId)),
    teamsById(invitations.map((m) => m.teamId)),
  ]);
  return Promise.all(
    invitations.map(async (m) => {
      const sender = m.invitedByUserId ? senders.get(m.invitedByUserId) : undefined;
      return {
        membershipId: m.membershipId,
        createdAt: m.createdAt,
        invitationData: {
          // Lookups by userId fall back to an empty name and photo (spec 000 §3).
          sender: {
            userId: m.invitedByUserId ?? '',
            fullName: sender ? `${sender.givenName} ${sender.lastName}`.trim() : '',
            photo: await photoUrl(sender?.photo),
          },
          team: { teamId: m.teamId, name: teams.get(m.teamId)?.name ?? '' },
        },
      };
    }),
  );
}

/**
 * Accept: the membership becomes the caller's and their current team, in one transaction.
 * Decline: the invitation is deleted. Either way only an invitation to the caller's own e-mail.
 */
export async function respondToInvitation(
  caller: Caller,
  membershipId: string,
  action: RespondAction,
  sessionId: string | null = null,
) {
  const email = caller.identity.email;
  const pending = await pendingInvitations(email);
  const invitation = pending.find((m) => m.membershipId === membershipId);
  if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
  const { teamId } = invitation;
  if (action === 'ACCEPT') {
    const user = requireUser(caller);
    const result = await db()
      .transaction.write(({ membership, user: users }) => [
        membership
          .patch({ teamId, membershipId })
          .set({ userId: user.userId, status: 'ACTIVE', joinedAt: new Date().toISOString() })
          .remove(['invitedEmail', 'invitedAt'])
          .add({ version: 1 })
          .where((attr, op) => `${op.eq(attr.status, 'INVITED')} AND ${op.eq(attr.invitedEmail, email)}`)
          .commit(),
        users
          .patch({ userId: user.userId })
          .set({ teamId, membershipId, roleCode: invitation.roleCode, groupId: invitation.groupId })
          .commit(),
      ])
      .go();
    // Declined or accepted by a concurrent request in the meantime.
    if (result.canceled) throw new NotFoundError(INVITATION_NOT_FOUND);
    if (invitation.invitedByUserId) {
      const name = `${user.givenName} ${user.lastName}`.trim();
      await notifyQuietly(
        {
          recipientUserId: invitation.invitedByUserId,
          causedByUserId: user.userId,
          teamId,
          title: `${name} accepted your invitation`,
          description: `${name} (${user.emailAddress}) accepted your invitation and joined the team.`,
          linkReferencePath: '/Team',
        },
        sessionId,
      );
    }
  } else {
    try {
      await db()
        .entities.membership.delete({ teamId, membershipId })
        .where((attr, op) => `${op.eq(attr.status, 'INVITED')} AND ${op.eq(attr.invitedEmail, email)}`)
        .go();
    } catch (error) {
      if (isConditionFailure(error)) throw new NotFoundError(INVITATION_NOT_FOUND);
      throw error;
    }
  }
  await memberChanged(teamId, membershipId, sessionId);
  if (caller.user) {
    await recordActivityEvent(caller.user.userId, teamId, {
      eventName: action === 'ACCEPT' ? 'INVITATION_ACCEPTED' : 'INVITATION_DECLINED',
      eventData: { teamId, membershipId },
    }).catch((error) => logger.warn('could not record the invitation event', { error: String(error) }));
  }
  return { invitationStatus: action, remainingInvitations: pending.length - 1 };
}
