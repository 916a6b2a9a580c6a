import { TEAM_OWNER_ROLE } from '@shared/permissions';
import type { Membership, Role } from '@shared/schemas/team';

/** What the caller may change on one row of the team table (spec 000 §2.7, §4, §6). */
export interface RowAccess {
  /** A pending invitation: greyed and non-interactive. */
  pending: boolean;
  canChangeTeam: boolean;
  canChangeRole: boolean;
}

export interface Caller {
  /** The caller's e-mail address (trimmed, lower-case) identifies their own row. */
  email: string | null;
  /** UPDATE_TEAM_MEMBER. */
  canUpdateMembers: boolean;
}

export const isOwnRow = (membership: Membership, email: string | null): boolean =>
  !!email &&
  membership.status === 'ACTIVE' &&
  (membership.member?.emailAddress ?? membership.emailAddress).trim().toLowerCase() === email;

export const isTeamOwner = (membership: Membership): boolean => membership.role.code === TEAM_OWNER_ROLE;

export function rowAccess(membership: Membership, caller: Caller): RowAccess {
  const pending = membership.status === 'INVITED';
  if (pending || !caller.canUpdateMembers) return { pending, canChangeTeam: false, canChangeRole: false };
  return {
    pending,
    canChangeTeam: true,
    canChangeRole: !isOwnRow(membership, caller.email) && !isTeamOwner(membership),
  };
}

/** The roles anyone may be given: every role but the team owner's. */
export const assignableRoles = (roles: readonly Role[]): Role[] =>
  roles.filter((role) => role.code !== TEAM_OWNER_ROLE);
