/** The team page: its members and invitations, and changing a member's group and role. */
import { TEAM_OWNER_ROLE } from '../../shared/permissions';
import type { TeamCaller } from '../common/caller';
import type { MembershipItem } from '../common/entities';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../common/errors';
import { sessionMark } from '../common/session-mark';
import { membershipStatus } from '../common/team-directory';
import { viewMemberships } from './membership-view';
import * as repo from './repo';
import { requireGroupAndRole } from './teams';

const byCreatedAt = (a: MembershipItem, b: MembershipItem) => a.createdAt.localeCompare(b.createdAt);

/**
 * Members by when they joined, then pending invitations. One query for the team's memberships and
 * one batch read for their users, whatever the team size.
 */
export async function listTeamMembers(teamId: string, includeInvitations: boolean) {
  const all = await repo.membershipsOf(teamId);
  const members = all.filter((m) => membershipStatus(m) === 'ACTIVE').sort(byCreatedAt);
  const invitations = includeInvitations
    ? all.filter((m) => membershipStatus(m) === 'INVITED').sort(byCreatedAt)
    : [];
  return viewMemberships(teamId, [...members, ...invitations]);
}

/**
 * Changes a member's group and role. Never one's own role, never the owner's, never to owner; the
 * write is conditional on the version read, so a concurrent change wins cleanly (409). The member
 * is told through a notification, by the reactions function.
 */
export async function updateMember(
  caller: TeamCaller,
  membershipId: string,
  input: { groupId: string; roleId: string },
  sessionId: string | null = null,
) {
  const teamId = caller.user.teamId;
  // Keyed by the caller's team: another team's membership id is simply not found here.
  const current = await repo.getMembership(teamId, membershipId);
  if (!current) throw new NotFoundError('Member not found');
  if (membershipStatus(current) !== 'ACTIVE') {
    throw new ConflictError('That person has not accepted their invitation yet');
  }
  const { role } = await requireGroupAndRole(teamId, input, {
    groupId: 'Please select a team',
    roleId: 'Please select access',
  });
  if (role.roleId !== current.roleId) {
    if (current.userId === caller.user.userId) throw new ForbiddenError('You cannot change your own role');
    if (current.roleCode === TEAM_OWNER_ROLE)
      throw new ForbiddenError("The team owner's role cannot be changed");
    if (role.code === TEAM_OWNER_ROLE)
      throw new UnprocessableError('No one can be given the team owner role');
  }
  // roleCode travels with roleId: permissions are derived from it on every request.
  const access = { groupId: input.groupId, roleId: role.roleId, roleCode: role.code };
  const member = current.userId ? await repo.getUser(current.userId) : null;
  const written = await repo.updateMemberAccess({
    current,
    member,
    access,
    updatedByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  // A concurrent edit (stale version) or the member switching team in the meantime.
  if (!written) throw new ConflictError();
  const [view] = await viewMemberships(teamId, [{ ...current, ...access, version: current.version + 1 }]);
  return view;
}
