/** Inviting people to a team, and a person's answer to an invitation. */
import { createHash } from 'node:crypto';
import { TEAM_OWNER_ROLE } from '../../shared/permissions';
import { recordActivityEvent } from '../common/activity';
import type { Caller, TeamCaller } from '../common/caller';
import { ConflictError, NotFoundError, UnprocessableError } from '../common/errors';
import { logger } from '../common/logger';
import { refusalMessage, stoppedAddress } from '../common/mail-health';
import { photoUrl } from '../common/photos';
import { limitInvitationMail } from '../common/rate-limit';
import { sessionMark } from '../common/session-mark';
import { membershipStatus, teamsById, usersById } from '../common/team-directory';
import { viewMemberships } from './membership-view';
import * as repo from './repo';
import { requireGroupAndRole } from './teams';

const ALREADY_MEMBER = 'That person is already a member of your team';
const ALREADY_INVITED = 'That person has already been invited to your team';
const INVITATION_NOT_FOUND = 'Invitation not found';
export const OWNER_CANNOT_LEAVE =
  'You own your current team, so you cannot join another one: no team may be left without its owner.';

/**
 * An invitation's id follows from team and e-mail, so two concurrent invitations of one person
 * collide on the create condition instead of both being written.
 */
export function invitationId(teamId: string, email: string) {
  const hex = createHash('sha256').update(`${teamId}\n${email}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Writes the invitation and answers; the invitation e-mail is sent by the reactions function. */
export async function inviteMember(
  caller: TeamCaller,
  input: { emailAddress: string; groupId: string; roleId: string },
  sessionId: string | null = null,
) {
  const teamId = caller.user.teamId;
  const email = input.emailAddress;
  const { role } = await requireGroupAndRole(teamId, input, {
    groupId: 'Please select a team',
    roleId: 'Please select an access level',
  });
  if (role.code === TEAM_OWNER_ROLE) {
    throw new UnprocessableError('The team owner role cannot be given by invitation');
  }
  const membershipId = invitationId(teamId, email);
  const [existing, isMember] = await Promise.all([
    repo.getMembership(teamId, membershipId),
    repo.isMemberByEmail(teamId, email),
  ]);
  if (isMember || (existing && membershipStatus(existing) === 'ACTIVE'))
    throw new ConflictError(ALREADY_MEMBER);
  if (existing) throw new ConflictError(ALREADY_INVITED);
  // No invitation to an address our e-mail does not reach: the inviter hears why now.
  const stopped = await stoppedAddress(email);
  if (stopped) throw new UnprocessableError(refusalMessage(stopped));
  await limitInvitationMail(teamId);
  const invitation = await repo.createInvitation({
    teamId,
    membershipId,
    email,
    groupId: input.groupId,
    roleId: role.roleId,
    roleCode: role.code,
    invitedByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  if (!invitation) throw new ConflictError(ALREADY_INVITED);
  const [view] = await viewMemberships(teamId, [invitation]);
  return view;
}

export async function listInvitations(caller: Caller) {
  if (!caller.user) throw new NotFoundError('User not registered');
  // The registered address (verified at registration), never the token's, which can change unverified.
  const invitations = await repo.pendingInvitationsFor(caller.user.emailAddress);
  const [senders, teams] = await Promise.all([
    usersById(invitations.map((m) => m.invitedByUserId)),
    teamsById(invitations.map((m) => m.teamId)),
  ]);
  return Promise.all(
    invitations.map(async (m) => {
      const sender = m.invitedByUserId ? senders.get(m.invitedByUserId) : undefined;
      return {
        membershipId: m.membershipId,
        createdAt: m.createdAt,
        invitationData: {
          // Lookups by userId fall back to an empty name and photo (spec 000 §3).
          sender: {
            userId: m.invitedByUserId ?? '',
            fullName: sender ? `${sender.givenName} ${sender.lastName}`.trim() : '',
            photo: await photoUrl(sender?.photo),
          },
          team: { teamId: m.teamId, name: teams.get(m.teamId)?.name ?? '' },
        },
      };
    }),
  );
}

/**
 * Accept: the membership becomes the caller's and their current team, in one transaction.
 * Decline: the invitation is deleted. Either way only an invitation to the caller's own e-mail.
 * The inviter's notification follows from the stream.
 */
export async function respondToInvitation(
  caller: Caller,
  membershipId: string,
  action: 'ACCEPT' | 'DECLINE',
  sessionId: string | null = null,
) {
  if (!caller.user) throw new NotFoundError(INVITATION_NOT_FOUND);
  const email = caller.user.emailAddress;
  const pending = await repo.pendingInvitationsFor(email);
  const invitation = pending.find((m) => m.membershipId === membershipId);
  if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
  const { teamId } = invitation;
  if (action === 'ACCEPT') {
    // A team has exactly one owner and ownership cannot be handed over: its owner stays with it.
    if (caller.membership?.roleCode === TEAM_OWNER_ROLE) throw new ConflictError(OWNER_CANNOT_LEAVE);
    const accepted = await repo.acceptInvitation({
      invitation,
      user: caller.user,
      email,
      changedBySession: sessionMark(sessionId),
    });
    // Declined or accepted by a concurrent request in the meantime.
    if (!accepted) throw new NotFoundError(INVITATION_NOT_FOUND);
  } else if (!(await repo.declineInvitation(teamId, membershipId, email))) {
    throw new NotFoundError(INVITATION_NOT_FOUND);
  }
  if (caller.user) {
    await recordActivityEvent(caller.user.userId, teamId, {
      eventName: action === 'ACCEPT' ? 'INVITATION_ACCEPTED' : 'INVITATION_DECLINED',
      eventData: { teamId, membershipId },
    }).catch((error) => logger.warn('could not record the invitation event', { error: String(error) }));
  }
  return { invitationStatus: action, remainingInvitations: pending.length - 1 };
}
