/**
 * What follows a library answer's changes for its review (issue 28 part 1), read from the stream:
 * - its review history: confirmed, edited, archived, restored, come due, owner or review-by day
 *   changed — who and when (one item per change and kind, keyed by the stream record);
 * - an edit of its text counts as a review (who, when; out of Needs Review if it was there because
 *   it came due);
 * - its review-by day follows its last review, its own day and the team's cycle (reviewDayOf);
 * - the schedule moved it to Needs Review (due-job.ts): its owner gets a notification and, with
 *   the switch "Library answers due for review" on, an e-mail;
 * - the team's cycle changed: every answer's review-by day again;
 * - a weekly digest recorded (digest-job.ts): the e-mail to its owner.
 * Writes here never bump the answer's version (an editor's version stays good) and change nothing
 * these reactions read as a person's change, so they end.
 */
import { REVIEW_DUE_REASON, type ReviewCycle, reviewCycleOf, reviewDayOf } from '../../../shared/review-days';
import { inPool } from '../../common/batch';
import { config } from '../../common/config';
import { sendEmail } from '../../common/email';
import { createNotification, notificationId } from '../../common/notifications';
import { type Change, once, type Reactions } from '../../common/reactions';
import { sessionMark } from '../../common/session-mark';
import { usersById } from '../../common/team-directory';
import { emailSettingsOf } from '../../common/user-settings';
import { dueLink, reviewDigestEmail, reviewDueEmail, reviewDueTexts } from './emails';
import { ownerOf } from './fields';
import * as repo from './repo';

const textChanged = (now: repo.AnswerItem, before: repo.AnswerItem) =>
  now.answer !== before.answer || now.originalQuestion !== before.originalQuestion;

async function record(
  change: Change,
  now: repo.AnswerItem,
  kind: repo.HistoryItem['kind'],
  extra: { byUserId?: string; ownerUserId?: string; nextReviewOn?: string } = {},
) {
  await repo.putHistory({
    teamId: now.teamId,
    answerId: now.answerId,
    at: now.updatedAt ?? new Date(change.at).toISOString(),
    changeId: change.id,
    kind,
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v)),
  });
}

async function history(change: Change, now: repo.AnswerItem, before: repo.AnswerItem) {
  if (now.reviewNoticeOn && now.reviewNoticeOn !== before.reviewNoticeOn)
    await record(change, now, 'DUE', { nextReviewOn: now.reviewNoticeOn });
  // A person's change bumps the version; the schedule's and these reactions' bookkeeping does not.
  if (now.version === before.version) return;
  const by = now.updatedByUserId;
  if (textChanged(now, before)) await record(change, now, 'EDITED', { byUserId: by });
  else if (now.lastReviewedAt && now.lastReviewedAt !== before.lastReviewedAt)
    await record(change, now, 'CONFIRMED', {
      byUserId: now.lastReviewedByUserId,
      nextReviewOn: now.nextReviewOn,
    });
  else if (now.reviewByOn !== before.reviewByOn)
    await record(change, now, 'REVIEW_DATE_SET', { byUserId: by, nextReviewOn: now.nextReviewOn });
  if (now.answerStatus === 'ARCHIVED' && before.answerStatus !== 'ARCHIVED')
    await record(change, now, 'ARCHIVED', { byUserId: by });
  if (before.answerStatus === 'ARCHIVED' && now.answerStatus !== 'ARCHIVED')
    await record(change, now, 'RESTORED', { byUserId: by });
  if (ownerOf(now) !== ownerOf(before))
    await record(change, now, 'OWNER_CHANGED', { byUserId: by, ownerUserId: ownerOf(now) });
}

/** The owner of an answer that came due: a notification, and an e-mail if they want one. */
async function announceDue(change: Change, now: repo.AnswerItem) {
  const ownerId = ownerOf(now);
  const owner = (await usersById([ownerId])).get(ownerId);
  if (!owner || owner.teamId !== now.teamId || !now.reviewNoticeOn) return;
  const dueOn = now.reviewNoticeOn;
  const texts = reviewDueTexts({ question: now.originalQuestion, dueOn });
  await createNotification(
    {
      recipientUserId: ownerId,
      causedByUserId: ownerId,
      teamId: now.teamId,
      title: texts.title,
      description: texts.description,
      linkReferencePath: '/Answers?view=DUE_FOR_REVIEW',
    },
    notificationId(change.at, `${change.id}#review-due`),
  );
  if (!emailSettingsOf(owner).sendEmailOnLibraryReviewDue) return;
  await once(change, 'review-due-email', () =>
    sendEmail(
      owner.emailAddress,
      reviewDueEmail({ question: now.originalQuestion, dueOn, link: dueLink(config.appUrl) }),
    ),
  );
}

/** Review fields that follow from the change: an edit is a review; the review-by day is recomputed. */
async function followUp(now: repo.AnswerItem, before: repo.AnswerItem | undefined, cycle: ReviewCycle) {
  const edited = before && textChanged(now, before) && now.updatedByUserId;
  const reviewed = edited
    ? { lastReviewedAt: now.updatedAt, lastReviewedByUserId: now.updatedByUserId as string }
    : {};
  const backToAvailable = edited && now.answerStatus === 'FLAGGED' && now.flaggedReason === REVIEW_DUE_REASON;
  const nextReviewOn = reviewDayOf(
    { ...now, ...reviewed, ...(edited ? { reviewByOn: undefined } : {}) },
    cycle,
  );
  if (!edited && nextReviewOn === now.nextReviewOn) return;
  await repo.updateReview(
    { teamId: now.teamId, answerId: now.answerId },
    {
      ...reviewed,
      nextReviewOn,
      ...(backToAvailable ? { answerStatus: 'IN-USE' as const } : {}),
      changedBySession: sessionMark(null),
    },
    {
      expectedVersion: now.version,
      remove: [
        ...(edited && now.reviewByOn ? (['reviewByOn'] as const) : []),
        ...(backToAvailable ? (['flaggedReason'] as const) : []),
      ],
    },
  );
}

/**
 * A batch of answer changes, in order (functions/library/reactions.ts runs it before its
 * announcement): each team's cycle is read once for the batch (an import of
 * thousands of answers is a handful of batches, not a team read per answer).
 */
export async function onAnswerChanges(changes: Change[]) {
  const cycles = new Map<string, ReviewCycle>();
  const cycleOf = async (teamId: string) => {
    let cycle = cycles.get(teamId);
    if (cycle === undefined) {
      cycle = reviewCycleOf((await repo.getTeam(teamId))?.libraryReviewCycleMonths);
      cycles.set(teamId, cycle);
    }
    return cycle;
  };
  for (const change of changes) {
    const now = change.newImage as repo.AnswerItem | undefined;
    const before = change.oldImage as repo.AnswerItem | undefined;
    if (!now) continue;
    if (before) await history(change, now, before);
    if (now.reviewNoticeOn && now.reviewNoticeOn !== before?.reviewNoticeOn) await announceDue(change, now);
    await followUp(now, before, await cycleOf(now.teamId));
  }
}

/** A new review cycle: every answer of the team gets its review-by day again. */
async function onTeam(change: Change) {
  const now = change.newImage as { teamId: string; libraryReviewCycleMonths?: number } | undefined;
  const before = change.oldImage as { libraryReviewCycleMonths?: number } | undefined;
  if (!now) return;
  const cycle = reviewCycleOf(now.libraryReviewCycleMonths);
  if (cycle === reviewCycleOf(before?.libraryReviewCycleMonths)) return;
  const moved = (await repo.answersOf(now.teamId))
    .map((answer) => ({ answer, nextReviewOn: reviewDayOf(answer, cycle) }))
    .filter(({ answer, nextReviewOn }) => nextReviewOn !== answer.nextReviewOn);
  await inPool(moved, async ({ answer, nextReviewOn }) => {
    await repo.updateReview(
      { teamId: answer.teamId, answerId: answer.answerId },
      { nextReviewOn, changedBySession: sessionMark(null) },
    );
  });
}

/** A weekly digest the schedule recorded: sent once to its owner, if they still want it. */
async function onDigest(change: Change) {
  if (change.kind !== 'INSERT') return;
  const digest = change.newImage as repo.DigestItem | undefined;
  if (!digest) return;
  const user = (await usersById([digest.userId])).get(digest.userId);
  if (!user || user.teamId !== digest.teamId || !emailSettingsOf(user).sendEmailOnLibraryReviewDue) return;
  await once(change, 'review-digest-email', () =>
    sendEmail(
      user.emailAddress,
      reviewDigestEmail({ answers: digest.answers, today: digest.weekOf, link: dueLink(config.appUrl) }),
    ),
  );
}

export const reactions: Reactions = { team: onTeam, answerReviewDigest: onDigest };
