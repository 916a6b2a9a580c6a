/**
 * SCIM Groups: the team's groups. A person belongs to exactly one group of the team, so adding them
 * to a group moves them there, and removing them from their group puts them back in the team's first
 * group (or its second, when the first is the one they leave). A group's members are moved out the
 * same way before it is deleted; the last group stays.
 */
import { randomUUID } from 'node:crypto';
import type { ScimOperation } from '../../../shared/schemas/scim';
import { ScimMemberRef } from '../../../shared/schemas/scim';
import type { MembershipItem } from '../../common/entities';
import { ConflictError, NotFoundError, ScimError } from '../../common/errors';
import { logger } from '../../common/logger';
import { membershipStatus, usersById } from '../../common/team-directory';
import * as repo from '../repo';
import { listResponse, names, parseFilter, toScimGroup } from './resources';

const GROUP_FILTERS = ['displayName', 'id', 'externalId'] as const;
const NOT_FOUND = 'No group with this id in the team';
type GroupRow = Awaited<ReturnType<typeof repo.groupsOf>>[number];

async function membersByGroup(teamId: string) {
  const memberships = await repo.membershipsOf(teamId);
  const users = await usersById(
    memberships.filter((m) => membershipStatus(m) === 'ACTIVE').map((m) => m.userId),
  );
  const byGroup = new Map<string, Array<{ m: MembershipItem; user: ReturnType<typeof users.get> }>>();
  for (const m of memberships.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const list = byGroup.get(m.groupId) ?? [];
    list.push({ m, user: m.userId ? users.get(m.userId) : undefined });
    byGroup.set(m.groupId, list);
  }
  return { memberships, byGroup };
}

export async function listGroups(
  teamId: string,
  query: { filter?: string; startIndex?: number; count?: number; excludedAttributes?: string },
) {
  const filter = parseFilter(query.filter, GROUP_FILTERS);
  const groups = (await repo.groupsOf(teamId)).filter((g) => {
    if (!filter) return true;
    if (filter.attribute === 'displayname')
      return g.groupName.toLowerCase() === filter.value.trim().toLowerCase();
    // Groups keep no externalId: an identity provider that looks one up by it finds none and creates it.
    if (filter.attribute === 'externalid') return false;
    return g.groupId === filter.value;
  });
  const withMembers = !names(query.excludedAttributes, 'members');
  const { byGroup } = withMembers ? await membersByGroup(teamId) : { byGroup: null };
  return listResponse(
    groups.map((g) => toScimGroup(g, byGroup ? (byGroup.get(g.groupId) ?? []) : null)),
    query,
  );
}

async function requireGroup(teamId: string, groupId: string) {
  const group = await repo.getGroup(teamId, groupId);
  if (!group) throw new NotFoundError(NOT_FOUND);
  return group;
}

export async function getGroup(teamId: string, groupId: string, excludedAttributes?: string) {
  const group = await requireGroup(teamId, groupId);
  if (names(excludedAttributes, 'members')) return toScimGroup(group, null);
  const { byGroup } = await membersByGroup(teamId);
  return toScimGroup(group, byGroup.get(groupId) ?? []);
}

async function requireUniqueName(teamId: string, displayName: string, except?: string) {
  const taken = (await repo.groupsOf(teamId)).some(
    (g) => g.groupId !== except && g.groupName.toLowerCase() === displayName.toLowerCase(),
  );
  if (taken) throw new ConflictError('A group with this displayName is in the team already');
}

/**
 * Moves people into `groupId` (each membership at the version read, with its member's user record);
 * every id must be a user of the team. Done one person at a time: a team's group change is rare and
 * small, and each move stands on its own if a later one fails.
 */
async function moveInto(groupId: string, membershipIds: string[], all: MembershipItem[]) {
  const byId = new Map(all.map((m) => [m.membershipId, m]));
  const missing = membershipIds.filter((id) => !byId.has(id));
  if (missing.length) throw new ScimError(400, `No user with id ${missing[0]} in the team`, 'invalidValue');
  for (const id of new Set(membershipIds)) {
    const m = byId.get(id) as MembershipItem;
    if (m.groupId === groupId) continue;
    const member = m.userId ? await repo.getUser(m.userId) : null;
    const moved = await repo.changeProvisionedMembership(m, member, {
      set: { groupId },
      remove: [],
      user: { groupId },
    });
    if (!moved) throw new ConflictError();
  }
}

/** The group people leave for: the team's first group other than `groupId`. */
async function fallbackFor(teamId: string, groupId: string): Promise<GroupRow> {
  const other = (await repo.groupsOf(teamId)).find((g) => g.groupId !== groupId);
  if (!other) throw new ScimError(400, 'A team keeps at least one group: this is its last', 'mutability');
  return other;
}

async function moveOut(teamId: string, groupId: string, membershipIds: string[], all: MembershipItem[]) {
  const leaving = all.filter((m) => m.groupId === groupId && membershipIds.includes(m.membershipId));
  if (!leaving.length) return;
  const fallback = await fallbackFor(teamId, groupId);
  await moveInto(
    fallback.groupId,
    leaving.map((m) => m.membershipId),
    all,
  );
}

/** Makes the group's members exactly `membershipIds`. */
async function setMembers(teamId: string, groupId: string, membershipIds: string[]) {
  const all = await repo.membershipsOf(teamId);
  const leaving = all.filter((m) => m.groupId === groupId && !membershipIds.includes(m.membershipId));
  await moveInto(groupId, membershipIds, all);
  await moveOut(
    teamId,
    groupId,
    leaving.map((m) => m.membershipId),
    await repo.membershipsOf(teamId),
  );
}

export async function createGroup(
  teamId: string,
  body: { displayName: string; members?: Array<{ value: string }> },
) {
  await requireUniqueName(teamId, body.displayName);
  const groups = await repo.groupsOf(teamId);
  const groupId = randomUUID();
  const position = groups.reduce((max, g) => Math.max(max, g.position), -1) + 1;
  await repo.createGroup({ teamId, groupId, groupName: body.displayName, position });
  if (body.members?.length) {
    await moveInto(
      groupId,
      body.members.map((member) => member.value),
      await repo.membershipsOf(teamId),
    );
  }
  logger.info('scim group created', { teamId, groupId });
  return getGroup(teamId, groupId);
}

export async function replaceGroup(
  teamId: string,
  groupId: string,
  body: { displayName: string; members?: Array<{ value: string }> },
) {
  const group = await requireGroup(teamId, groupId);
  if (group.groupName !== body.displayName) {
    await requireUniqueName(teamId, body.displayName, groupId);
    await repo.renameGroup(teamId, groupId, body.displayName);
  }
  await setMembers(
    teamId,
    groupId,
    (body.members ?? []).map((member) => member.value),
  );
  return getGroup(teamId, groupId);
}

/** The member ids of an operation's value: `[{ value }]`, as both Okta and Entra ID send them. */
function memberIdsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    const parsed = ScimMemberRef.safeParse(item);
    if (!parsed.success)
      throw new ScimError(400, 'members must be a list of { "value": "<user id>" }', 'invalidValue');
    return parsed.data.value;
  });
}

/** `members[value eq "id"]`: Okta's way of removing one member. */
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([A-Za-z0-9_=-]{1,128})"\s*\]$/i;

/** PATCH /Groups/{id}: rename, and add, remove or replace members. */
export async function patchGroup(teamId: string, groupId: string, operations: ScimOperation[]) {
  await requireGroup(teamId, groupId);
  for (const { op, path, value } of operations) {
    const lower = path?.toLowerCase();
    const one = path ? MEMBER_PATH.exec(path) : null;
    if (lower === 'displayname' || (!path && value && typeof value === 'object' && !Array.isArray(value))) {
      const displayName = lower === 'displayname' ? value : (value as Record<string, unknown>).displayName;
      if (displayName === undefined) continue;
      if (
        op === 'remove' ||
        typeof displayName !== 'string' ||
        !displayName.trim() ||
        displayName.length > 128
      )
        throw new ScimError(400, 'displayName must be a string of 1 to 128 characters', 'invalidValue');
      const name = displayName.trim();
      await requireUniqueName(teamId, name, groupId);
      await repo.renameGroup(teamId, groupId, name);
    } else if (lower === 'members') {
      const ids = op === 'remove' && value === undefined ? null : memberIdsOf(value);
      const all = await repo.membershipsOf(teamId);
      if (op === 'add') await moveInto(groupId, ids ?? [], all);
      else if (op === 'replace') await setMembers(teamId, groupId, ids ?? []);
      else
        await moveOut(
          teamId,
          groupId,
          ids ?? all.filter((m) => m.groupId === groupId).map((m) => m.membershipId),
          all,
        );
    } else if (one && op === 'remove') {
      await moveOut(teamId, groupId, [one[1]], await repo.membershipsOf(teamId));
    } else if (path) {
      throw new ScimError(400, `Unsupported path for a group: ${path}`, 'invalidPath');
    } else throw new ScimError(400, 'An operation without a path needs an object value', 'invalidValue');
  }
  return getGroup(teamId, groupId);
}

/** DELETE /Groups/{id}: its members move to the first other group; the last group stays. */
export async function deleteGroup(teamId: string, groupId: string): Promise<null> {
  await requireGroup(teamId, groupId);
  const all = await repo.membershipsOf(teamId);
  const fallback = await fallbackFor(teamId, groupId);
  await moveInto(
    fallback.groupId,
    all.filter((m) => m.groupId === groupId).map((m) => m.membershipId),
    all,
  );
  await repo.deleteGroup(teamId, groupId);
  logger.info('scim group deleted', { teamId, groupId });
  return null;
}
