/**
 * Owners and review cycles (issue 28 part 1): confirming an answer unchanged, changing its owner
 * or its own review-by day, the counts of what is due, an answer's review history. Coming due is
 * the schedule's (due-job.ts); what follows a change (history, notifications, e-mail, the review-by
 * day after an edit or a new cycle) is the stream's (reactions.ts).
 */
import type { Answer } from '../../../shared/schemas/answer';
import { LIBRARY_MESSAGES } from '../../../shared/schemas/answer';
import {
  dayOf,
  REVIEW_MESSAGES,
  type ReviewHistoryEntry,
  type ReviewSummary,
  reviewCycleOf,
  reviewDayOf,
  type UpdateAnswerReviewRequest,
} from '../../../shared/schemas/review';
import type { TeamCaller } from '../../common/caller';
import { ConflictError, NotFoundError, UnprocessableError } from '../../common/errors';
import { sessionMark } from '../../common/session-mark';
import { usersById } from '../../common/team-directory';
import { favouritesOf } from '../repo';
import { toAnswer } from '../service';
import { isDueAnswer, ownerOf } from './fields';
import * as repo from './repo';

async function existing(teamId: string, answerId: string) {
  const item = await repo.getAnswer(teamId, answerId);
  if (!item) throw new NotFoundError(LIBRARY_MESSAGES.notFound);
  return item;
}

async function cycleOf(teamId: string) {
  return reviewCycleOf((await repo.getTeam(teamId))?.libraryReviewCycleMonths);
}

async function asAnswer(caller: TeamCaller, item: repo.AnswerItem): Promise<Answer> {
  return toAnswer(item, await favouritesOf(caller.user.teamId, caller.user.userId));
}

function written(result: repo.AnswerItem | 'missing' | 'stale') {
  if (result === 'missing') throw new NotFoundError(LIBRARY_MESSAGES.notFound);
  if (result === 'stale') throw new ConflictError();
  return result;
}

/**
 * Confirm unchanged (ANSWER_QUESTION, like restoring an answer from Needs Review): someone reviewed the answer and it stays as it is. The
 * review is recorded (who, when), the answer's own review-by day is used up (the next one is this
 * review plus the team's cycle), and it is Available again.
 */
export async function confirmAnswer(
  caller: TeamCaller,
  answerId: string,
  body: { version?: number },
  sessionId: string | null,
): Promise<Answer> {
  const { teamId, userId } = caller.user;
  const item = await existing(teamId, answerId);
  if (item.answerStatus === 'ARCHIVED') throw new UnprocessableError(REVIEW_MESSAGES.archived);
  const now = new Date().toISOString();
  const nextReviewOn = reviewDayOf(
    { answerStatus: 'IN-USE', createdAt: item.createdAt, lastReviewedAt: now },
    await cycleOf(teamId),
  );
  const updated = await repo.updateReview(
    { teamId, answerId },
    {
      answerStatus: 'IN-USE',
      lastReviewedAt: now,
      lastReviewedByUserId: userId,
      nextReviewOn,
      updatedByUserId: userId,
      changedBySession: sessionMark(sessionId),
    },
    { expectedVersion: body.version ?? item.version, remove: ['reviewByOn', 'flaggedReason'], bump: true },
  );
  return asAnswer(caller, written(updated));
}

/** A new owner (a member of the team) and/or the answer's own review-by day (null: the team's cycle). */
export async function updateAnswerReview(
  caller: TeamCaller,
  answerId: string,
  body: UpdateAnswerReviewRequest,
  sessionId: string | null,
): Promise<Answer> {
  const { teamId, userId } = caller.user;
  const item = await existing(teamId, answerId);
  if (body.ownerUserId !== undefined) {
    const owner = (await usersById([body.ownerUserId])).get(body.ownerUserId);
    if (owner?.teamId !== teamId) {
      throw new UnprocessableError(REVIEW_MESSAGES.notMember);
    }
  }
  const reviewByOn = body.reviewByOn === undefined ? item.reviewByOn : (body.reviewByOn ?? undefined);
  const nextReviewOn = reviewDayOf({ ...item, reviewByOn }, await cycleOf(teamId));
  const updated = await repo.updateReview(
    { teamId, answerId },
    {
      ...(body.ownerUserId !== undefined ? { ownerUserId: body.ownerUserId } : {}),
      ...(body.reviewByOn ? { reviewByOn: body.reviewByOn } : {}),
      nextReviewOn,
      updatedByUserId: userId,
      changedBySession: sessionMark(sessionId),
    },
    {
      expectedVersion: body.version ?? item.version,
      remove: body.reviewByOn === null ? ['reviewByOn'] : [],
      bump: true,
    },
  );
  return asAnswer(caller, written(updated));
}

/** What is due for review in the team's library, and how much of it is the caller's. */
export async function getReviewSummary(caller: TeamCaller): Promise<ReviewSummary> {
  const { teamId, userId } = caller.user;
  const [answers, cycle] = await Promise.all([repo.answersOf(teamId), cycleOf(teamId)]);
  const today = dayOf(new Date().toISOString());
  const due = answers.filter((a) => isDueAnswer(a, today));
  return {
    due: due.length,
    overdue: due.filter((a) => a.nextReviewOn < today).length,
    mine: due.filter((a) => ownerOf(a) === userId).length,
    cycle,
  };
}

/** An answer's review history with what Library health merged into it, newest first. */
export async function listAnswerHistory(caller: TeamCaller, answerId: string): Promise<ReviewHistoryEntry[]> {
  const { teamId } = caller.user;
  await existing(teamId, answerId);
  const [reviews, merges] = await Promise.all([
    repo.historyOf(teamId, answerId),
    repo.mergesInto(teamId, answerId),
  ]);
  const entries: ReviewHistoryEntry[] = [
    ...reviews.map((h) => ({
      kind: h.kind,
      at: h.at,
      ...(h.byUserId ? { byUserId: h.byUserId } : {}),
      ...(h.ownerUserId ? { ownerUserId: h.ownerUserId } : {}),
      ...(h.nextReviewOn ? { nextReviewOn: h.nextReviewOn } : {}),
    })),
    ...merges.map((m) => ({
      kind: m.kind,
      at: m.createdAt,
      byUserId: m.byUserId,
      otherQuestion: m.originalQuestion,
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}
