/**
 * The team group's access patterns, named. Keys and conditions live here; services say what they
 * want ("pending invitations for this e-mail") and never build a query themselves.
 */
import { db, type MembershipItem, type UserItem } from '../common/entities';
import { isConditionFailure } from '../common/errors';
import { membershipStatus } from '../common/team-directory';

export interface TeamSeed {
  teamId: string;
  name: string;
  owner: { userId: string; emailAddress: string; teamId?: string };
  membershipId: string;
  roles: Array<{ roleId: string; name: string; code: string; position: number }>;
  groups: Array<{ groupId: string; groupName: string; position: number }>;
  ownerRole: { roleId: string; code: string };
}

/**
 * The team, its roles and groups, the owner's membership and the owner's user record, in one
 * transaction. The user write is conditional on the team the user had when read, so two
 * concurrent creations cannot both succeed. False when that condition failed.
 */
export async function createTeamWithOwner(seed: TeamSeed): Promise<boolean> {
  const { teamId, owner, membershipId, groups, ownerRole } = seed;
  const result = await db()
    .transaction.write(({ team, role, group, membership, user }) => [
      team.create({ teamId, name: seed.name, ownerUserId: owner.userId }).commit(),
      ...seed.roles.map((r) => role.create({ teamId, ...r }).commit()),
      ...groups.map((g) => group.create({ teamId, ...g }).commit()),
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
          joinedAt: new Date().toISOString(),
        })
        .commit(),
      user
        .patch({ userId: owner.userId })
        .set({ teamId, membershipId, roleCode: ownerRole.code, groupId: groups[0].groupId })
        .where((attr, op) => (owner.teamId ? op.eq(attr.teamId, owner.teamId) : op.notExists(attr.teamId)))
        .commit(),
    ])
    .go();
  return !result.canceled;
}

export const getTeam = async (teamId: string) => (await db().entities.team.get({ teamId }).go()).data;
export const getUser = async (userId: string) => (await db().entities.user.get({ userId }).go()).data;

export async function rolesOf(teamId: string) {
  const { data } = await db().entities.role.query.primary({ teamId }).go({ pages: 'all' });
  return data.sort((a, b) => a.position - b.position);
}

export async function groupsOf(teamId: string) {
  const { data } = await db().entities.group.query.primary({ teamId }).go({ pages: 'all' });
  return data.sort((a, b) => a.position - b.position);
}

/** A group and a role of this team, read exactly (not from a cache): they decide what is written. */
export async function groupAndRole(teamId: string, groupId: string, roleId: string) {
  const [{ data: group }, { data: role }] = await Promise.all([
    db().entities.group.get({ teamId, groupId }).go(),
    db().entities.role.get({ teamId, roleId }).go(),
  ]);
  return { group, role };
}

export const getMembership = async (teamId: string, membershipId: string) =>
  (await db().entities.membership.get({ teamId, membershipId }).go()).data;

export async function membershipsOf(teamId: string) {
  const { data } = await db().entities.membership.query.primary({ teamId }).go({ pages: 'all' });
  return data;
}

/** Whether a registered user with this e-mail already has an accepted membership of the team. */
export async function isMemberByEmail(teamId: string, email: string) {
  const { data: users } = await db().entities.user.query.byEmail({ emailAddress: email }).go();
  for (const user of users) {
    const { data } = await db()
      .entities.membership.query.byUser({ userId: user.userId })
      .go({ pages: 'all' });
    if (data.some((m) => m.teamId === teamId && membershipStatus(m) === 'ACTIVE')) return true;
  }
  return false;
}

/** A new pending invitation; false when one with this id exists already. */
export async function createInvitation(invitation: {
  teamId: string;
  membershipId: string;
  email: string;
  groupId: string;
  roleId: string;
  roleCode: string;
  /** Absent when the team's identity provider invited the person (SCIM). */
  invitedByUserId?: string;
  changedBySession?: string;
  /** What an identity provider gave (SCIM): its id for the person, their names, whether active. */
  externalId?: string;
  givenName?: string;
  familyName?: string;
  deactivatedAt?: string;
}): Promise<MembershipItem | null> {
  const { email, ...rest } = invitation;
  try {
    const { data } = await db()
      .entities.membership.create({
        ...rest,
        emailAddress: email,
        // A deactivated invitation is kept out of the invitee's list (the sparse byEmail index).
        ...(invitation.deactivatedAt ? {} : { invitedEmail: email, invitedAt: new Date().toISOString() }),
        updatedByUserId: invitation.invitedByUserId,
        status: 'INVITED',
      })
      .go();
    return data as MembershipItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * A member's new group and role, written only if the membership is still at the version read;
 * the member's user record carries the access of its current membership, so it changes with it.
 * False when the version is stale or the member switched team meanwhile.
 */
export async function updateMemberAccess(input: {
  current: MembershipItem;
  member: UserItem | null;
  access: { groupId: string; roleId: string; roleCode: string };
  updatedByUserId: string;
  changedBySession?: string;
}): Promise<boolean> {
  const { current, member, access } = input;
  const { teamId, membershipId } = current;
  const isCurrent = member?.teamId === teamId && member.membershipId === membershipId;
  const result = await db()
    .transaction.write(({ membership, user }) => [
      membership
        .patch({ teamId, membershipId })
        .set({ ...access, updatedByUserId: input.updatedByUserId, changedBySession: input.changedBySession })
        .add({ version: 1 })
        .where((attr, op) => op.eq(attr.version, current.version))
        .commit(),
      ...(isCurrent && member
        ? [
            user
              .patch({ userId: member.userId })
              .set({ roleCode: access.roleCode, groupId: access.groupId })
              .where((attr, op) => op.eq(attr.membershipId, membershipId))
              .commit(),
          ]
        : []),
    ])
    .go();
  return !result.canceled;
}

/** Pending invitations addressed to an e-mail (sparse byEmail index), oldest first. */
export async function pendingInvitationsFor(email: string) {
  const { data } = await db()
    .entities.membership.query.byInvitedEmail({ invitedEmail: email })
    .go({ pages: 'all' });
  return data
    .filter((m) => membershipStatus(m) === 'INVITED')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The invitation becomes the user's membership and their current team, in one transaction, only
 * while it is still pending for that e-mail. False when declined or accepted meanwhile.
 */
export async function acceptInvitation(input: {
  invitation: MembershipItem;
  user: UserItem;
  email: string;
  changedBySession?: string;
}): Promise<boolean> {
  const { invitation, user, email } = input;
  const { teamId, membershipId } = invitation;
  const result = await db()
    .transaction.write(({ membership, user: users }) => [
      membership
        .patch({ teamId, membershipId })
        .set({
          userId: user.userId,
          status: 'ACTIVE',
          joinedAt: new Date().toISOString(),
          updatedByUserId: user.userId,
          changedBySession: input.changedBySession,
        })
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
  return !result.canceled;
}

/** Deletes an invitation still pending for that e-mail; false when it no longer is. */
export async function declineInvitation(teamId: string, membershipId: string, email: string) {
  try {
    await db()
      .entities.membership.delete({ teamId, membershipId })
      .where((attr, op) => `${op.eq(attr.status, 'INVITED')} AND ${op.eq(attr.invitedEmail, email)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The settings a team admin may change (spec 002 §7.6); only those present are written. */
export interface TeamSettingsChanges {
  name?: string;
  companyWebsite?: string;
  teamLogoKey?: string;
  redemptionCode?: string;
  redemptionPartner?: string;
  importedAnswersRequireReview?: boolean;
  defaultAnswersToFlowToLibrary?: boolean;
  libraryReviewCycleMonths?: number;
}

/**
 * Writes only the settings given, in one UpdateItem, and answers the team as it now is. A
 * redemption code is written only while the team has none (the condition makes two concurrent
 * redemptions unable to both succeed). Null when that condition failed or the team is gone.
 */
export async function updateTeamSettings(teamId: string, changes: TeamSettingsChanges) {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const update = db().entities.team.patch({ teamId }).set(set);
  try {
    const { data } = await (changes.redemptionCode !== undefined
      ? update.where((attr, op) => op.notExists(attr.redemptionCode))
      : update
    ).go({ response: 'all_new' });
    return data;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** The team's API key item (hash and prefix only), read consistently: a regenerated key shows at once. */
export const getApiKey = async (teamId: string) =>
  (await db().entities.apiKey.get({ teamId }).go({ consistent: true })).data;

/** The team's one API key, replacing any previous one (which stops matching at once). */
export async function putApiKey(item: {
  teamId: string;
  keyHash: string;
  keyPrefix: string;
  createdByUserId: string;
  createdAt: string;
}) {
  await db().entities.apiKey.put(item).go();
}

/** The team's SCIM token item (hash and prefix only), read consistently: a new token shows at once. */
export const getScimToken = async (teamId: string) =>
  (await db().entities.scimToken.get({ teamId }).go({ consistent: true })).data;

/** The team's one SCIM token, replacing any previous one (which stops matching at once). */
export async function putScimToken(item: {
  teamId: string;
  tokenHash: string;
  tokenPrefix: string;
  createdByUserId: string;
  createdAt: string;
}) {
  await db().entities.scimToken.put(item).go();
}

export async function deleteScimToken(teamId: string) {
  await db().entities.scimToken.delete({ teamId }).go();
}

/** What a SCIM request changes on one membership (and on its user record while it is their current one). */
export interface ProvisionedChange {
  set: Partial<
    Pick<
      MembershipItem,
      'externalId' | 'givenName' | 'familyName' | 'deactivatedAt' | 'invitedEmail' | 'invitedAt' | 'groupId'
    >
  >;
  remove: Array<'externalId' | 'givenName' | 'familyName' | 'deactivatedAt' | 'invitedEmail' | 'invitedAt'>;
  /** The user record's new status and group copy, when the membership is the user's current one. */
  user?: { status?: string; groupId?: string };
}

/**
 * One membership changed by the team's identity provider, written only at the version read, with the
 * member's user record in the same transaction while the membership is their current one (so a
 * deactivation refuses their very next request). False on a stale version.
 */
export async function changeProvisionedMembership(
  current: MembershipItem,
  member: UserItem | null,
  change: ProvisionedChange,
): Promise<boolean> {
  const { teamId, membershipId } = current;
  const isCurrent = member?.teamId === teamId && member.membershipId === membershipId;
  const result = await db()
    .transaction.write(({ membership, user }) => {
      let write = membership.patch({ teamId, membershipId }).set(change.set);
      if (change.remove.length) write = write.remove(change.remove) as typeof write;
      return [
        write
          .remove(['updatedByUserId', 'changedBySession'])
          .add({ version: 1 })
          .where((attr, op) => op.eq(attr.version, current.version))
          .commit(),
        ...(isCurrent && member && change.user
          ? [
              user
                .patch({ userId: member.userId })
                .set(change.user)
                .where((attr, op) => op.eq(attr.membershipId, membershipId))
                .commit(),
            ]
          : []),
      ];
    })
    .go();
  return !result.canceled;
}

/**
 * Removes a person from the team (SCIM DELETE): the membership goes and, while it was their current
 * team, the user record keeps no team (and no deactivation: it no longer belongs to this team).
 * False on a stale version.
 */
export async function removeMembership(current: MembershipItem, member: UserItem | null): Promise<boolean> {
  const { teamId, membershipId } = current;
  const isCurrent = member?.teamId === teamId && member.membershipId === membershipId;
  const result = await db()
    .transaction.write(({ membership, user }) => [
      membership
        .delete({ teamId, membershipId })
        .where((attr, op) => op.eq(attr.version, current.version))
        .commit(),
      ...(isCurrent && member
        ? [
            user
              .patch({ userId: member.userId })
              .set({ status: 'ACTIVE' })
              .remove(['teamId', 'membershipId', 'roleCode', 'groupId'])
              .where((attr, op) => op.eq(attr.membershipId, membershipId))
              .commit(),
          ]
        : []),
    ])
    .go();
  return !result.canceled;
}

/** A new group of the team; false when the id is taken. */
export async function createGroup(group: {
  teamId: string;
  groupId: string;
  groupName: string;
  position: number;
}) {
  try {
    await db().entities.group.create(group).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function renameGroup(teamId: string, groupId: string, groupName: string) {
  await db().entities.group.patch({ teamId, groupId }).set({ groupName }).go();
}

export async function deleteGroup(teamId: string, groupId: string) {
  await db().entities.group.delete({ teamId, groupId }).go();
}

export const getGroup = async (teamId: string, groupId: string) =>
  (await db().entities.group.get({ teamId, groupId }).go({ consistent: true })).data;
