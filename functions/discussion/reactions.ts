/**
 * What follows a new comment, read from the table's stream: a COMMENT entry in the question's
 * activity, for each mentioned member a mention mark, a notification and an e-mail (their setting
 * permitting), e-mails to the question's subscribers and earlier commenters (replied-to setting)
 * and to the addresses copied on the comment, each with a reply address of its own; then
 * COMMENT_CREATED on the project's scope. A new activity entry (any kind) is ACTIVITY_CREATED.
 * Every side effect runs at most once per stream record.
 */
import type { CommentSegment } from '../../shared/schemas/discussion';
import { config, replySigningSecret } from '../common/config';
import { sendEmail } from '../common/email';
import {
  activityIdOf,
  canSeeProject,
  type ProjectItem,
  type QuestionActivityItem,
  type QuestionItem,
  type UserItem,
} from '../common/entities';
import { publish } from '../common/events';
import { refusalMessage, stoppedAddress } from '../common/mail-health';
import { createNotification, notificationId } from '../common/notifications';
import { type Change, once, type Reactions } from '../common/reactions';
import { fullName, usersById } from '../common/team-directory';
import { emailSettingsOf } from '../common/user-settings';
import { mentionedUserIds } from './comments';
import { type CommentEmailKind, commentEmail, commentText, questionLink } from './emails';
import { replyAddress, replyExpiry, replyIdOf } from './reply-address';
import type { CommentItem, QuestionKey } from './repo';
import * as repo from './repo';

/** The activity entry of a comment (its id derived from the comment, so a redelivery rewrites nothing). */
export function commentActivity(comment: CommentItem) {
  return {
    teamId: comment.teamId,
    projectId: comment.projectId,
    questionId: comment.questionId,
    activityId: activityIdOf(comment.createdAt, `c${comment.commentId}`),
    kind: 'COMMENT' as const,
    activityDescription: comment.createdByUserId
      ? `{user:${comment.createdByUserId}} commented`
      : `${comment.fromEmailAddress ?? 'Someone'} replied by e-mail`,
    createdByUserId: comment.createdByUserId,
    updatedAt: comment.createdAt,
  };
}

/** Can still see the project: current member of its team, active, and on the list of a PRIVATE one. */
const canRead = (project: ProjectItem, user: UserItem | undefined): user is UserItem =>
  Boolean(
    user && user.teamId === project.teamId && user.status === 'ACTIVE' && canSeeProject(project, user.userId),
  );

interface Mailing {
  change: Change;
  comment: CommentItem;
  project: ProjectItem;
  question: QuestionItem;
  authorName: string;
  text: string;
}

/** One e-mail to `to`, with the reply address of this question and recipient, once per record. */
async function mail(
  m: Mailing,
  purpose: string,
  to: string,
  kind: CommentEmailKind,
  recipientUserId?: string,
) {
  await once(m.change, purpose, async () => {
    // Not to an address our e-mail does not reach; the author of a mention or copy hears why.
    const stopped = await stoppedAddress(to);
    if (stopped) {
      if (kind !== 'reply' && m.comment.createdByUserId)
        await createNotification(
          {
            recipientUserId: m.comment.createdByUserId,
            causedByUserId: m.comment.createdByUserId,
            teamId: m.comment.teamId,
            title: `Your comment did not reach ${stopped.address}`,
            description: refusalMessage(stopped),
            linkReferencePath: `/Projects/${m.comment.projectId}/${m.comment.questionId}`,
          },
          notificationId(m.change.at, `${m.change.id}#undelivered#${stopped.address}`),
        );
      return;
    }
    const secret = await replySigningSecret();
    const key: QuestionKey = {
      teamId: m.comment.teamId,
      projectId: m.comment.projectId,
      questionId: m.comment.questionId,
    };
    const recipient = to.toLowerCase();
    const replyId = replyIdOf(secret, { ...key, recipient });
    const expiresAt = replyExpiry();
    await repo.saveReplyThread({ replyId, ...key, recipient, recipientUserId, expiresAt });
    await sendEmail(
      to,
      commentEmail({
        kind,
        authorName: m.authorName,
        projectName: m.project.name,
        question: m.question.question,
        text: m.text,
        link: questionLink(config.appUrl, key.projectId, key.questionId),
      }),
      { replyTo: replyAddress(secret, config.replyDomain, replyId, expiresAt) },
    );
  });
}

async function notifyAndMail(
  change: Change,
  comment: CommentItem,
  project: ProjectItem,
  question: QuestionItem,
) {
  const key: QuestionKey = {
    teamId: comment.teamId,
    projectId: comment.projectId,
    questionId: comment.questionId,
  };
  const segments = comment.segments as CommentSegment[];
  const author = comment.createdByUserId;
  const mentioned = mentionedUserIds(segments).filter((id) => id !== author);
  const earlier = (await repo.commentsOf(key)).filter((c) => c.commentId < comment.commentId);
  const followers = [
    ...new Set([...(await repo.watchersOf(key)), ...earlier.map((c) => c.createdByUserId)]),
  ].filter((id): id is string => Boolean(id) && id !== author);
  const users = await usersById([author, ...mentionedUserIds(segments), ...followers]);
  const names = new Map([...users.values()].map((u) => [u.userId, fullName(u)]));
  const authorName = author ? fullName(users.get(author)) : (comment.fromEmailAddress ?? '');
  const m: Mailing = { change, comment, project, question, authorName, text: commentText(segments, names) };
  const link = `/Projects/${comment.projectId}/${comment.questionId}`;

  const mailed = new Set<string>();
  for (const userId of mentioned) {
    const user = users.get(userId);
    if (!canRead(project, user)) continue;
    await repo.recordMention({ ...key, userId });
    if (author) {
      await createNotification(
        {
          recipientUserId: userId,
          causedByUserId: author,
          teamId: comment.teamId,
          title: `${authorName || 'A colleague'} mentioned you`,
          description: `${authorName || 'A colleague'} mentioned you in a comment on a question of ${project.name}.`,
          linkReferencePath: link,
        },
        notificationId(change.at, `${change.id}#mention#${userId}`),
      );
    }
    if (!emailSettingsOf(user).sendEmailOnBeingMentioned) continue;
    await mail(m, `mention-email-${userId}`, user.emailAddress, 'mention', userId);
    mailed.add(userId);
  }
  for (const userId of followers) {
    const user = users.get(userId);
    if (mailed.has(userId) || !canRead(project, user)) continue;
    if (!emailSettingsOf(user).sendEmailOnBeingRepliedTo) continue;
    await mail(m, `reply-email-${userId}`, user.emailAddress, 'reply', userId);
  }
  for (const address of new Set((comment.emailList ?? []).map((a) => a.toLowerCase()))) {
    await mail(m, `copy-email-${address}`, address, 'copy');
  }
}

async function onComment(change: Change) {
  if (change.kind !== 'INSERT' || !change.newImage) return;
  const comment = change.newImage as CommentItem;
  await repo.recordActivity(commentActivity(comment));
  const [project, question] = await Promise.all([
    repo.getProject(comment.teamId, comment.projectId),
    repo.getQuestion({
      teamId: comment.teamId,
      projectId: comment.projectId,
      questionId: comment.questionId,
    }),
  ]);
  if (project && question) await notifyAndMail(change, comment, project, question);
  await publish(
    {
      eventName: 'COMMENT_CREATED',
      data: {
        projectId: comment.projectId,
        questionId: comment.questionId,
        commentId: comment.commentId,
        causedByUserId: comment.createdByUserId,
      },
      scope: { kind: 'project', id: comment.projectId },
    },
    { sessionId: comment.changedBySession },
  );
}

async function onQuestionActivity(change: Change) {
  if (change.kind !== 'INSERT' || !change.newImage) return;
  const entry = change.newImage as QuestionActivityItem;
  await publish({
    eventName: 'ACTIVITY_CREATED',
    data: {
      projectId: entry.projectId,
      questionId: entry.questionId,
      activityId: entry.activityId,
      causedByUserId: entry.createdByUserId,
    },
    scope: { kind: 'project', id: entry.projectId },
  });
}

export const reactions: Reactions = { comment: onComment, questionActivity: onQuestionActivity };
