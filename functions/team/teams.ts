/** Teams, with their default roles and groups. */
import { randomUUID } from 'node:crypto';
import { DEFAULT_GROUPS, DEFAULT_ROLES, TEAM_OWNER_ROLE } from '../../shared/permissions';
import type { Group, Role } from '../../shared/schemas/team';
import { recordActivityEvent } from '../common/activity';
import type { Caller } from '../common/caller';
import { BadRequestError, ConflictError, NotFoundError } from '../common/errors';
import * as repo from './repo';

export const ALREADY_IN_TEAM = 'You already belong to a team';

/**
 * Creates a team with its default roles and groups and makes the creator its owner and points the
 * creator's user record at it, all in one transaction.
 */
export async function createTeamWithDefaults(
  owner: { userId: string; emailAddress: string; teamId?: string },
  name: string,
) {
  const roles = DEFAULT_ROLES.map((role, position) => ({
    roleId: randomUUID(),
    name: role.name,
    code: role.code,
    position,
  }));
  const groups = DEFAULT_GROUPS.map((groupName, position) => ({
    groupName,
    groupId: randomUUID(),
    position,
  }));
  const seed = {
    teamId: randomUUID(),
    name,
    owner,
    membershipId: randomUUID(),
    roles,
    groups,
    ownerRole: roles.find((r) => r.code === TEAM_OWNER_ROLE)!,
  };
  if (!(await repo.createTeamWithOwner(seed))) throw new ConflictError(ALREADY_IN_TEAM);
  return { teamId: seed.teamId, name };
}

/** POST /team: the caller, registered and without a team, becomes the owner of a new one. */
export async function createTeam(caller: Caller, name: string) {
  if (!caller.user) throw new NotFoundError('User not registered');
  if (caller.membership) throw new ConflictError(ALREADY_IN_TEAM);
  const team = await createTeamWithDefaults(caller.user, name);
  await recordActivityEvent(caller.user.userId, team.teamId, {
    eventName: 'REGISTRATION_CREATE_TEAM',
    eventData: { teamName: team.name },
  });
  return team;
}

export async function listRoles(teamId: string): Promise<Role[]> {
  return (await repo.rolesOf(teamId)).map(({ roleId, name, code }) => ({ roleId, name, code }));
}

export async function listGroups(teamId: string): Promise<Group[]> {
  return (await repo.groupsOf(teamId)).map(({ groupId, groupName }) => ({ groupId, groupName }));
}

/**
 * A groupId and roleId are only accepted when they belong to the caller's team; otherwise a 400
 * naming the field.
 */
export async function requireGroupAndRole(
  teamId: string,
  ids: { groupId: string; roleId: string },
  messages: { groupId: string; roleId: string },
) {
  const { group, role } = await repo.groupAndRole(teamId, ids.groupId, ids.roleId);
  if (group && role) return { group, role };
  const fieldErrors: Record<string, string[]> = {};
  if (!group) fieldErrors.groupId = [messages.groupId];
  if (!role) fieldErrors.roleId = [messages.roleId];
  throw new BadRequestError('Invalid request body', fieldErrors);
}
