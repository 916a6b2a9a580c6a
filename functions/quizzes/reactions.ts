/**
 * What follows quiz changes, read from the table's stream:
 * - an invite sent: the recipient gets the e-mail (once) and, with an account, a notification;
 * - every invite change: QUIZ_INVITE_UPDATED to the sending team (Sent) and to the recipient's
 *   team (Inbox); the sender is notified when it is accepted, declined or answered;
 * - someone without a team gets one: their unclaimed invitations become notifications;
 * - a project created from an invite closed: each question's answer and classification go back
 *   to the quiz as sent, and the invite becomes ANSWERED. Closing again sends the newer answers.
 */
import type { InviteStatus } from '../../shared/schemas/quiz';
import { config } from '../common/config';
import { sendEmail } from '../common/email';
import { type ProjectItem, reviewedWork, type UserItem } from '../common/entities';
import { publish } from '../common/events';
import { refusalMessage } from '../common/mail-health';
import { createNotification, notificationId } from '../common/notifications';
import { type Change, once, type Reactions } from '../common/reactions';
import { quizInviteEmail, quizInviteLink } from './emails';
import * as repo from './repo';

const SENDER_NOTICES: Partial<Record<InviteStatus, (quiz: string, email: string) => string>> = {
  ACCEPTED: (quiz, email) => `${email} accepted ${quiz}`,
  DECLINED: (quiz, email) => `${email} declined ${quiz}`,
  ANSWERED: (quiz, email) => `The answers to ${quiz} came back from ${email}`,
};

/**
 * The recipient's notification of an invitation, pointing to Quiz Central's inbox. One per invite
 * and person, whichever reaction writes it first: the invite's (the recipient has a team) or the
 * user's (they signed up from the e-mail and set up or joined a team while it was unclaimed).
 */
async function notifyRecipient(invite: repo.InviteRecord, recipient: { userId: string; teamId: string }) {
  await createNotification(
    {
      recipientUserId: recipient.userId,
      causedByUserId: invite.createdByUserId,
      teamId: recipient.teamId,
      title: `${invite.senderName || invite.senderTeamName} sent you ${invite.quizName}`,
      description: `${invite.questionCount} questions from ${invite.senderTeamName}. Accept it in Quiz Central to answer it as a project.`,
      linkReferencePath: '/Quiz/?tab=inbox',
    },
    notificationId(Date.parse(invite.createdAt), `${invite.quizInviteId}#quiz-invite#${recipient.userId}`),
  );
}

/**
 * Someone who had no team gets one (signed up from a quiz e-mail, then created or joined a team):
 * each invitation to their address still unclaimed becomes their notification (issue 29).
 */
async function onUser(change: Change) {
  const after = change.newImage as UserItem | undefined;
  const before = change.oldImage as UserItem | undefined;
  if (!after?.teamId || before?.teamId) return;
  const waiting = (await repo.sentTo(after.emailAddress)).filter((i) => i.inviteStatus === 'UNCLAIMED');
  for (const invite of waiting) await notifyRecipient(invite, { userId: after.userId, teamId: after.teamId });
}

async function onInvite(change: Change) {
  const invite = (change.newImage ?? change.oldImage) as repo.InviteRecord | undefined;
  if (!invite) return;
  const before = change.oldImage as repo.InviteRecord | undefined;
  const recipient = await repo.userByEmail(invite.emailAddress);
  const recipientTeamId = invite.recipientTeamId ?? recipient?.teamId;
  const event = {
    eventName: 'QUIZ_INVITE_UPDATED' as const,
    data: { quizInviteId: invite.quizInviteId, inviteStatus: invite.inviteStatus },
  };
  const origin = { sessionId: change.newImage ? invite.changedBySession : undefined };
  await publish({ ...event, scope: { kind: 'team', id: invite.senderTeamId } }, origin);
  if (recipientTeamId && recipientTeamId !== invite.senderTeamId) {
    await publish({ ...event, scope: { kind: 'team', id: recipientTeamId } }, origin);
  }
  if (change.kind === 'INSERT') {
    await once(change, 'quiz-invite-email', async () => {
      const outcome = await sendEmail(
        invite.emailAddress,
        quizInviteEmail({
          senderName: invite.senderName,
          senderTeamName: invite.senderTeamName,
          quizName: invite.quizName,
          quizDescription: invite.quizDescription ?? '',
          questionCount: invite.questionCount,
          email: invite.emailAddress,
          hasAccount: Boolean(recipient),
          link: quizInviteLink(config.appUrl, invite.emailAddress, Boolean(recipient)),
        }),
      );
      // The address stopped receiving our e-mail after the quiz was sent: the sender hears why.
      if (!outcome.sent)
        await createNotification(
          {
            recipientUserId: invite.createdByUserId,
            causedByUserId: invite.createdByUserId,
            teamId: invite.senderTeamId,
            title: `${invite.quizName} did not reach ${invite.emailAddress}`,
            description: refusalMessage(outcome.stopped),
            linkReferencePath: '/Quiz/?tab=sent',
          },
          notificationId(change.at, `${change.id}#quiz-undelivered`),
        );
    });
    if (recipient?.teamId)
      await notifyRecipient(invite, { userId: recipient.userId, teamId: recipient.teamId });
    return;
  }
  const notice = SENDER_NOTICES[invite.inviteStatus];
  if (notice && before?.inviteStatus !== invite.inviteStatus) {
    await createNotification(
      {
        recipientUserId: invite.createdByUserId,
        causedByUserId: invite.recipientUserId ?? invite.createdByUserId,
        teamId: invite.senderTeamId,
        title: notice(invite.quizName, invite.emailAddress),
        description:
          invite.inviteStatus === 'ANSWERED'
            ? 'Open Sent Invitations in Quiz Central to read or export the answers.'
            : `Quiz Central, Sent Invitations: ${invite.quizName}.`,
        linkReferencePath: '/Quiz/?tab=sent',
      },
      notificationId(change.at, `${change.id}#quiz-${invite.inviteStatus}`),
    );
  }
}

/** A quiz project closed: its answers go back to the quiz as sent. */
async function onProject(change: Change) {
  const after = change.newImage as ProjectItem | undefined;
  const before = change.oldImage as ProjectItem | undefined;
  if (!after?.quizInviteId || after.projectStatus !== 'COMPLETE' || before?.projectStatus === 'COMPLETE')
    return;
  const invite = await repo.getInvite(after.quizInviteId);
  // Only the project the invite was accepted into answers it.
  if (!invite || invite.projectId !== after.projectId || invite.recipientTeamId !== after.teamId) return;
  const [items, questions] = await Promise.all([
    repo.inviteItems(invite.quizInviteId),
    repo.projectQuestions(after.teamId, after.projectId),
  ]);
  const byItem = new Map(
    questions
      .filter((q) => q.isLinked !== false && !q.deletedAt && q.sourceKey)
      // A draft nobody reviewed goes back unanswered.
      .map((q) => [q.sourceKey, reviewedWork(q)]),
  );
  const answered = items
    .filter((i) => i.itemType === 'QUESTION')
    .map((item) => {
      const question = byItem.get(item.itemId);
      return {
        ...item,
        answer: question?.answer ?? '',
        responseClassification: question?.responseClassification ?? 'INCOMPLETE',
      };
    });
  await repo.recordAnswers(invite.quizInviteId, answered, new Date(change.at).toISOString());
}

export const reactions: Reactions = { quizInvite: onInvite, project: onProject, user: onUser };
