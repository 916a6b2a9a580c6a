import type { APIGatewayProxyEvent } from 'aws-lambda';
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
  email: string;
}

/**
 * The verified identity. On AWS the Cognito authorizer put the ID token's claims on the request
 * context; locally the gateway verified the token the same way and fills the same field.
 */
export function identityFrom(event: APIGatewayProxyEvent): Identity {
  const claims = event.requestContext?.authorizer?.claims as Record<string, string> | undefined;
  if (!claims?.sub || !claims.email) throw new UnauthorizedError();
  return { sub: claims.sub, email: String(claims.email).trim().toLowerCase() };
}

export type UserRecord = Awaited<ReturnType<typeof loadCaller>>['user'];

/** The caller's user record, current membership and permission map, loaded once per request. */
export async function loadCaller(identity: Identity) {
  const { data: user } = await db().entities.user.get({ userId: identity.sub }).go();
  let membership = null;
  if (user?.teamId && user.membershipId) {
    const { data } = await db()
      .entities.membership.get({ teamId: user.teamId, membershipId: user.membershipId })
      .go();
    // A membership that no longer names this user (removed from the team) grants nothing.
    membership = data?.userId === user.userId ? data : null;
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
