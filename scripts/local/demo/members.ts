/**
 * The demo team's other members: each an identity in the local pool (confirmed, signing in with the
 * demo password), a user record and an active membership, so projects can be shared, managed and
 * assigned. Created once; a person who already belongs to a team is left where they are, and one
 * whose pool identity was lost is re-linked to their user record (../seed-identity.ts).
 */
import { createHash } from 'node:crypto';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { db } from '../../../functions/common/entities';
import { ensureRegisteredUser } from '../../../functions/registration/seed';
import type { RoleCode } from '../../../shared/permissions';
import { DEMO } from '../provision';
import { ensureSeedIdentity } from '../seed-identity';

export const DEMO_MEMBERS = {
  sales: {
    email: 'morgan.sales@example.com',
    givenName: 'Morgan',
    lastName: 'Sales',
    roleCode: 'ROLE_MANAGER',
    group: 'Sales',
  },
  security: {
    email: 'riley.security@example.com',
    givenName: 'Riley',
    lastName: 'Security',
    roleCode: 'ROLE_MEMBER',
    group: 'Security',
  },
  delivery: {
    email: 'jordan.delivery@example.com',
    givenName: 'Jordan',
    lastName: 'Delivery',
    roleCode: 'ROLE_MEMBER',
    group: 'Delivery',
  },
} as const satisfies Record<
  string,
  { email: string; givenName: string; lastName: string; roleCode: RoleCode; group: string }
>;
export type DemoMember = keyof typeof DEMO_MEMBERS;

/** A fixed UUID-shaped id from a name, so every run of the seed writes the same items. */
export function fixedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The membership and the user's pointer to it, in one transaction (as an accepted invitation
 * writes them), on condition that the user has no team yet.
 */
async function joinTeam(
  teamId: string,
  user: { userId: string; emailAddress: string },
  access: { groupId: string; roleId: string; roleCode: string },
) {
  const membershipId = fixedId('demo-membership', teamId, user.userId);
  const result = await db()
    .transaction.write(({ membership, user: u }) => [
      membership
        .create({
          teamId,
          membershipId,
          userId: user.userId,
          emailAddress: user.emailAddress,
          ...access,
          status: 'ACTIVE',
          joinedAt: new Date().toISOString(),
        })
        .commit(),
      u
        .patch({ userId: user.userId })
        .set({ teamId, membershipId, roleCode: access.roleCode, groupId: access.groupId })
        .where((attr, op) => op.notExists(attr.teamId))
        .commit(),
    ])
    .go();
  return !result.canceled;
}

/** The demo members of `teamId`, by key, with their user ids (those in another team are left out). */
export async function ensureDemoMembers(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  clientId: string,
  teamId: string,
): Promise<Partial<Record<DemoMember, string>>> {
  const [{ data: roles }, { data: groups }] = await Promise.all([
    db().entities.role.query.primary({ teamId }).go({ pages: 'all' }),
    db().entities.group.query.primary({ teamId }).go({ pages: 'all' }),
  ]);
  const members: Partial<Record<DemoMember, string>> = {};
  for (const [key, person] of Object.entries(DEMO_MEMBERS) as Array<
    [DemoMember, (typeof DEMO_MEMBERS)[DemoMember]]
  >) {
    const userId = await ensureSeedIdentity(cognito, poolId, clientId, {
      email: person.email,
      password: DEMO.password,
    });
    const user = await ensureRegisteredUser({
      userId,
      emailAddress: person.email,
      givenName: person.givenName,
      lastName: person.lastName,
    });
    const role = roles.find((r) => r.code === person.roleCode);
    const group = groups.find((g) => g.groupName === person.group) ?? groups[0];
    if (!user.teamId && role && group) {
      await joinTeam(teamId, user, { groupId: group.groupId, roleId: role.roleId, roleCode: role.code });
    }
    const current = (await db().entities.user.get({ userId }).go()).data;
    if (current?.teamId === teamId) members[key] = userId;
  }
  return members;
}
