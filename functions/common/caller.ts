import type { APIGatewayProxyEvent } from 'aws-lambda';
import { DEACTIVATED_MESSAGE } from '../../shared/constants';
import {
  type PermissionKey,
  type PermissionMap,
  permissionsFor,
  type RoleCode,
} from '../../shared/permissions';
import { db } from './entities';
import { ForbiddenError, UnauthorizedError } from './errors';

export interface Identity {
  /** Cognito `sub`, which is also our userId. */
  sub: string;
  /** The token's e-mail: the pool attribute, which is not necessarily verified (see registration). */
  email: string;
  /** Cognito's username (`<Provider>_<id>` for a federated identity). */
  username: string;
}

/**
 * The verified identity. On AWS the Cognito authorizer put the ID token's claims on the request
 * context; locally the gateway verified the token the same way and fills the same field.
 */
export function identityFrom(event: APIGatewayProxyEvent): Identity {
  const claims = event.requestContext?.authorizer?.claims as Record<string, string> | undefined;
  if (!claims?.sub || !claims.email) throw new UnauthorizedError();
  return {
    sub: claims.sub,
    email: String(claims.email).trim().toLowerCase(),
    username: String(claims['cognito:username'] ?? claims.sub),
  };
}

/** A user's status while their team's identity provider has them deactivated. */
export const USER_DEACTIVATED = 'DEACTIVATED';

/** The access that requests need from the caller's current membership. */
export interface CurrentMembership {
  teamId: string;
  membershipId: string;
  groupId: string;
  roleCode: string;
}

/**
 * The caller's user record, current membership and permission map, loaded once per request: one
 * read, since the user record carries its current membership's access. Records written before
 * that copy existed fall back to reading the membership itself.
 */
export async function loadCaller(identity: Identity) {
  const { data: user } = await db().entities.user.get({ userId: identity.sub }).go();
  // Deactivated by the team's identity provider (SCIM): refused on every route, at once.
  if (user?.status === USER_DEACTIVATED) throw new ForbiddenError(DEACTIVATED_MESSAGE);
  let membership: CurrentMembership | null = null;
  if (user?.teamId && user.membershipId) {
    const { teamId, membershipId } = user;
    if (user.roleCode && user.groupId) {
      membership = { teamId, membershipId, groupId: user.groupId, roleCode: user.roleCode };
    } else {
      const { data } = await db().entities.membership.get({ teamId, membershipId }).go();
      // A membership that no longer names this user (removed from the team) grants nothing.
      if (data?.userId === user.userId) {
        membership = { teamId, membershipId, groupId: data.groupId, roleCode: data.roleCode };
      }
    }
  }
  const permissions: PermissionMap = membership ? permissionsFor(membership.roleCode as RoleCode) : {};
  return { identity, user, membership, permissions };
}

export type Caller = Awaited<ReturnType<typeof loadCaller>>;
export type TeamCaller = Caller & {
  user: NonNullable<Caller['user']> & { teamId: string };
  membership: NonNullable<Caller['membership']>;
};

export function requireTeam(caller: Caller): TeamCaller {
  if (!caller.user?.teamId || !caller.membership) throw new ForbiddenError('You are not a member of a team');
  return caller as TeamCaller;
}

export function requirePermission(caller: Caller, permission: PermissionKey) {
  requireTeam(caller);
  if (!caller.permissions[permission]) throw new ForbiddenError();
}
