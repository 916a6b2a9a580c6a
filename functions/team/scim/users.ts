/**
 * SCIM Users (RFC 7644 §3): the team's identity provider lists, invites, changes, deactivates and
 * removes the team's people. A new user is an invitation (the invitation e-mail follows from the
 * stream) with the Member role in the team's first group; `active: false` turns the person's access
 * off at once (their user record is refused on every route, functions/common/caller.ts) and keeps
 * their place for a reactivation; DELETE removes them from the team. The team owner is neither
 * deactivated nor removed this way: a team is never left without its owner.
 */
import { TEAM_OWNER_ROLE } from '../../../shared/permissions';
import {
  ScimBoolean,
  ScimName,
  type ScimOperation,
  ScimUserName,
  type ScimUserRequest,
} from '../../../shared/schemas/scim';
import { USER_DEACTIVATED } from '../../common/caller';
import type { MembershipItem, UserItem } from '../../common/entities';
import { ConflictError, NotFoundError, ScimError } from '../../common/errors';
import { logger } from '../../common/logger';
import { membershipStatus, teamGroupNames, usersById } from '../../common/team-directory';
import { invitationId } from '../invitations';
import * as repo from '../repo';
import { emailOf, listResponse, parseFilter, toScimUser } from './resources';

const USER_FILTERS = ['userName', 'externalId', 'id', 'emails.value'] as const;
const NOT_FOUND = 'No user with this id in the team';
const OWNER_STAYS =
  'The team owner cannot be deactivated or removed: a team is never left without its owner.';
/** The role a provisioned person gets; team admins change it on the Team page. */
const PROVISIONED_ROLE = 'ROLE_MEMBER';

interface Person {
  m: MembershipItem;
  user: UserItem | undefined;
}

async function peopleOf(teamId: string): Promise<Person[]> {
  const memberships = (await repo.membershipsOf(teamId)).sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const users = await usersById(
    memberships.filter((m) => membershipStatus(m) === 'ACTIVE').map((m) => m.userId),
  );
  return memberships.map((m) => ({ m, user: m.userId ? users.get(m.userId) : undefined }));
}

async function personOf(teamId: string, membershipId: string): Promise<Person> {
  const m = await repo.getMembership(teamId, membershipId);
  if (!m) throw new NotFoundError(NOT_FOUND);
  const user =
    m.userId && membershipStatus(m) === 'ACTIVE' ? ((await repo.getUser(m.userId)) ?? undefined) : undefined;
  return { m, user };
}

const view = async (teamId: string, { m, user }: Person) =>
  toScimUser(m, user, await teamGroupNames(teamId, [m.groupId]));

export async function listUsers(
  teamId: string,
  query: { filter?: string; startIndex?: number; count?: number },
) {
  const filter = parseFilter(query.filter, USER_FILTERS);
  const people = await peopleOf(teamId);
  const matches = people.filter(({ m, user }) => {
    if (!filter) return true;
    const value = filter.value;
    if (filter.attribute === 'username' || filter.attribute === 'emails.value')
      return emailOf(m, user).toLowerCase() === value.trim().toLowerCase();
    if (filter.attribute === 'externalid') return m.externalId === value;
    return m.membershipId === value;
  });
  const groupNames = await teamGroupNames(
    teamId,
    matches.map(({ m }) => m.groupId),
  );
  return listResponse(
    matches.map(({ m, user }) => toScimUser(m, user, groupNames)),
    query,
  );
}

export async function getUser(teamId: string, membershipId: string) {
  return view(teamId, await personOf(teamId, membershipId));
}

/** POST /Users: an invitation of the address, or 409 when the address is in the team already. */
export async function createUser(teamId: string, body: ScimUserRequest) {
  const email = body.userName;
  const people = await peopleOf(teamId);
  if (people.some(({ m, user }) => emailOf(m, user).toLowerCase() === email)) {
    throw new ConflictError('A user with this userName is in the team already');
  }
  const [roles, groups] = await Promise.all([repo.rolesOf(teamId), repo.groupsOf(teamId)]);
  const role = roles.find((r) => r.code === PROVISIONED_ROLE);
  if (!role || !groups[0])
    throw new ScimError(409, 'The team has no Member role or no group to add people to');
  const invitation = await repo.createInvitation({
    teamId,
    membershipId: invitationId(teamId, email),
    email,
    groupId: groups[0].groupId,
    roleId: role.roleId,
    roleCode: role.code,
    externalId: body.externalId,
    givenName: body.name?.givenName,
    familyName: body.name?.familyName,
    deactivatedAt: body.active === false ? new Date().toISOString() : undefined,
  });
  if (!invitation) throw new ConflictError('A user with this userName is in the team already');
  logger.info('scim user created', { teamId, membershipId: invitation.membershipId });
  return view(teamId, { m: invitation, user: undefined });
}

/** The changes a request asks of one user, gathered before anything is written. */
interface UserChanges {
  active?: boolean;
  externalId?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}

function requireSameUserName(person: Person, userName: unknown) {
  const parsed = ScimUserName.safeParse(userName);
  if (!parsed.success) throw new ScimError(400, 'userName must be an e-mail address', 'invalidValue');
  if (parsed.data !== emailOf(person.m, person.user).toLowerCase()) {
    throw new ScimError(400, "userName cannot be changed: it is the person's e-mail address", 'mutability');
  }
}

/** PUT /Users/{id}: the user as the identity provider holds it (an attribute left out is cleared). */
export async function replaceUser(teamId: string, membershipId: string, body: ScimUserRequest) {
  const person = await personOf(teamId, membershipId);
  requireSameUserName(person, body.userName);
  return applyChanges(teamId, person, {
    active: body.active,
    externalId: body.externalId ?? null,
    givenName: body.name?.givenName ?? null,
    familyName: body.name?.familyName ?? null,
  });
}

const stringOrNull = (value: unknown, path: string) => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.length <= 256) return value;
  throw new ScimError(400, `${path} must be a string of at most 256 characters`, 'invalidValue');
};

/** Reads one operation's attribute (path and value) into `changes`; attributes we do not keep are ignored. */
function readAttribute(
  person: Person,
  changes: UserChanges,
  op: ScimOperation['op'],
  path: string,
  value: unknown,
) {
  const removing = op === 'remove';
  switch (path.toLowerCase()) {
    case 'active': {
      if (removing) throw new ScimError(400, 'active cannot be removed', 'mutability');
      const parsed = ScimBoolean.safeParse(value);
      if (!parsed.success) throw new ScimError(400, 'active must be true or false', 'invalidValue');
      changes.active = parsed.data;
      return;
    }
    case 'externalid':
      changes.externalId = removing ? null : stringOrNull(value, 'externalId');
      return;
    case 'name.givenname':
      changes.givenName = removing ? null : stringOrNull(value, 'name.givenName');
      return;
    case 'name.familyname':
      changes.familyName = removing ? null : stringOrNull(value, 'name.familyName');
      return;
    case 'name': {
      if (removing) {
        changes.givenName = null;
        changes.familyName = null;
        return;
      }
      const parsed = ScimName.safeParse(value);
      if (!parsed.success) throw new ScimError(400, 'name must be an object of strings', 'invalidValue');
      if (parsed.data.givenName !== undefined) changes.givenName = parsed.data.givenName;
      if (parsed.data.familyName !== undefined) changes.familyName = parsed.data.familyName;
      return;
    }
    case 'username':
      if (removing) throw new ScimError(400, 'userName cannot be removed', 'mutability');
      requireSameUserName(person, value);
      return;
    default:
      // displayName, emails, title, the enterprise extension …: not kept, accepted (RFC 7644 §3.5.2).
      return;
  }
}

/** PATCH /Users/{id}: Okta's `{ op, value: { active } }` and Entra ID's `{ op: "Replace", path: "active", value: "False" }` alike. */
export async function patchUser(teamId: string, membershipId: string, operations: ScimOperation[]) {
  const person = await personOf(teamId, membershipId);
  const changes: UserChanges = {};
  for (const { op, path, value } of operations) {
    if (path) readAttribute(person, changes, op, path, value);
    else if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [attribute, member] of Object.entries(value))
        readAttribute(person, changes, op, attribute, member);
    } else throw new ScimError(400, 'An operation without a path needs an object value', 'invalidValue');
  }
  return applyChanges(teamId, person, changes);
}

async function applyChanges(teamId: string, person: Person, changes: UserChanges) {
  const { m, user } = person;
  const invited = membershipStatus(m) === 'INVITED';
  const change: repo.ProvisionedChange = { set: {}, remove: [] };
  const field = (name: 'externalId' | 'givenName' | 'familyName', value: string | null | undefined) => {
    if (value === undefined) return;
    if (value === null || value === '') {
      if (m[name] !== undefined) change.remove.push(name);
    } else change.set[name] = value;
  };
  field('externalId', changes.externalId);
  field('givenName', changes.givenName);
  field('familyName', changes.familyName);
  const active = !m.deactivatedAt;
  if (changes.active !== undefined && changes.active !== active) {
    if (m.roleCode === TEAM_OWNER_ROLE) throw new ScimError(400, OWNER_STAYS, 'mutability');
    if (changes.active) {
      change.remove.push('deactivatedAt');
      // Back in the invitee's list, or back in the team.
      if (invited)
        Object.assign(change.set, { invitedEmail: m.emailAddress, invitedAt: new Date().toISOString() });
      else change.user = { status: 'ACTIVE' };
    } else {
      change.set.deactivatedAt = new Date().toISOString();
      if (invited) change.remove.push('invitedEmail', 'invitedAt');
      else change.user = { status: USER_DEACTIVATED };
    }
  }
  if (Object.keys(change.set).length === 0 && change.remove.length === 0) return view(teamId, person);
  if (!(await repo.changeProvisionedMembership(m, user ?? null, change))) throw new ConflictError();
  logger.info('scim user changed', { teamId, membershipId: m.membershipId, active: changes.active });
  return getUser(teamId, m.membershipId);
}

/** DELETE /Users/{id}: the person leaves the team (an invitation is withdrawn). */
export async function deleteUser(teamId: string, membershipId: string): Promise<null> {
  const { m, user } = await personOf(teamId, membershipId);
  if (m.roleCode === TEAM_OWNER_ROLE) throw new ScimError(400, OWNER_STAYS, 'mutability');
  if (!(await repo.removeMembership(m, user ?? null))) throw new ConflictError();
  logger.info('scim user deleted', { teamId, membershipId });
  return null;
}
