/**
 * What follows a change of a membership, read from the table's stream: the team's open pages
 * refresh (TEAM_MEMBER_UPDATED), an invitation is e-mailed, the inviter hears of an acceptance and
 * a member hears of a change of their access. Each is safe to run twice for one record.
 */

import { config } from '../common/config';
import { sendEmail } from '../common/email';
import type { MembershipItem } from '../common/entities';
import { dropUser, publish } from '../common/events';
import { refusalMessage } from '../common/mail-health';
import { createNotification, notificationId } from '../common/notifications';
import { type Change, changed, once, type Reactions } from '../common/reactions';
import { fullName } from '../common/team-directory';
import { invitationEmail } from './emails';
import * as repo from './repo';

async function sendInvitation(change: Change, invitation: MembershipItem) {
  const [sender, team] = await Promise.all([
    invitation.invitedByUserId ? repo.getUser(invitation.invitedByUserId) : null,
    repo.getTeam(invitation.teamId),
  ]);
  const email = invitation.invitedEmail ?? invitation.emailAddress;
  await once(change, 'invitation-email', async () => {
    const outcome = await sendEmail(
      email,
      invitationEmail({
        senderName: fullName(sender),
        teamName: team?.name ?? '',
        email,
        appUrl: config.appUrl,
      }),
    );
    // The address stopped receiving our e-mail after the invitation was made: the inviter hears why.
    if (!outcome.sent && invitation.invitedByUserId)
      await createNotification(
        {
          recipientUserId: invitation.invitedByUserId,
          causedByUserId: invitation.invitedByUserId,
          teamId: invitation.teamId,
          title: `Your invitation did not reach ${email}`,
          description: refusalMessage(outcome.stopped),
          linkReferencePath: '/Team',
        },
        notificationId(change.at, `${change.id}#invitation-undelivered`),
      );
  });
}

async function notifyInviter(change: Change, accepted: MembershipItem) {
  if (!accepted.invitedByUserId || !accepted.userId) return;
  const user = await repo.getUser(accepted.userId);
  const name = fullName(user);
  await createNotification(
    {
      recipientUserId: accepted.invitedByUserId,
      causedByUserId: accepted.userId,
      teamId: accepted.teamId,
      title: `${name} accepted your invitation`,
      description: `${name} (${user?.emailAddress ?? accepted.emailAddress}) accepted your invitation and joined the team.`,
      linkReferencePath: '/Team',
    },
    notificationId(change.at, `${change.id}#accepted`),
  );
}

async function notifyAccessChange(change: Change, member: MembershipItem) {
  const by = member.updatedByUserId;
  if (!member.userId || !by || by === member.userId) return;
  const [updater, { group, role }] = await Promise.all([
    repo.getUser(by),
    repo.groupAndRole(member.teamId, member.groupId, member.roleId),
  ]);
  await createNotification(
    {
      recipientUserId: member.userId,
      causedByUserId: by,
      teamId: member.teamId,
      title: 'Your access was updated',
      description: `${fullName(updater)} changed your access to ${role?.name ?? ''} in ${group?.groupName ?? ''}.`,
      linkReferencePath: '/Profile',
    },
    notificationId(change.at, `${change.id}#access`),
  );
}

async function onMembership(change: Change) {
  const now = change.newImage as MembershipItem | undefined;
  const before = change.oldImage as MembershipItem | undefined;
  const membership = now ?? before;
  if (!membership) return;
  const wasInvited = before?.status === 'INVITED';
  // An invitation the identity provider made deactivated (no invitedEmail) is not e-mailed.
  if (change.kind === 'INSERT' && now?.status === 'INVITED' && now.invitedEmail)
    await sendInvitation(change, now);
  else if (change.kind === 'MODIFY' && now) {
    // Deactivated by the team's identity provider: their open pages get no further events.
    if (now.deactivatedAt && !before?.deactivatedAt && now.userId) await dropUser(now.userId);
    if (wasInvited && now.status === 'ACTIVE') await notifyInviter(change, now);
    else if (changed(change as Change<MembershipItem>, 'roleId', 'groupId'))
      await notifyAccessChange(change, now);
  }
  // Team creation writes the owner's membership before anyone else can be looking: no event then.
  if (change.kind === 'INSERT' && now?.status === 'ACTIVE') return;
  await publish(
    {
      eventName: 'TEAM_MEMBER_UPDATED',
      data: { membershipId: membership.membershipId },
      scope: { kind: 'team', id: membership.teamId },
    },
    // A removal carries no session of its own: the last writer's would be someone else's.
    { sessionId: change.kind === 'REMOVE' ? null : now?.changedBySession },
  );
}

export const reactions: Reactions = { membership: onMembership };
