import { randomUUID } from 'node:crypto';
import { DEFAULT_GROUPS, DEFAULT_ROLES, TEAM_OWNER_ROLE } from '../../shared/permissions';
import type { Group, Role } from '../../shared/schemas/team';
import { db } from '../common/entities';

/**
 * Creates a team with its default roles and groups, makes the creator its owner and points the
 * creator's user record at it, all in one transaction.
 */
export async function createTeamWithDefaults(owner: { userId: string; emailAddress: string }, name: string) {
  const teamId = randomUUID();
  const roles = DEFAULT_ROLES.map((role, position) => ({ ...role, roleId: randomUUID(), position }));
  const groups = DEFAULT_GROUPS.map((groupName, position) => ({
    groupName,
    groupId: randomUUID(),
    position,
  }));
  const ownerRole = roles.find((r) => r.code === TEAM_OWNER_ROLE)!;
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
          membershipId: randomUUID(),
          userId: owner.userId,
          emailAddress: owner.emailAddress,
          groupId: groups[0].groupId,
          roleId: ownerRole.roleId,
          roleCode: ownerRole.code,
        })
        .commit(),
      user.patch({ userId: owner.userId }).set({ teamId }).commit(),
    ])
    .go();
  if (result.canceled) throw new Error('Team creation was cancelled');
  return { teamId, name };
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
