/**
 * The review job, run on a schedule (hourly: EventBridge on AWS, a timer in the local runner; see
 * shared/background-functions.ts): every library answer whose review-by day has come moves to Needs
 * Review, once for that day (reviewNoticeOn). Its owner is told from the stream (reactions.ts), so
 * a run that stops half way loses nothing: the next run reads what is still due.
 */
import { dayOf, REVIEW_DUE_REASON } from '../../../shared/review-days';
import { inPool } from '../../common/batch';
import { sessionMark } from '../../common/session-mark';
import * as repo from './repo';

export async function checkReviews(now = new Date()) {
  const day = dayOf(now.toISOString());
  const due = (await repo.answersDueBy(day)).filter(
    (a) => a.answerStatus !== 'ARCHIVED' && a.reviewNoticeOn !== a.nextReviewOn,
  );
  let flagged = 0;
  // Conditional single writes, several at a time (a large library's first cycle comes due at once).
  await inPool(due, async (answer) => {
    const result = await repo.updateReview(
      { teamId: answer.teamId, answerId: answer.answerId },
      {
        reviewNoticeOn: answer.nextReviewOn,
        // An answer flagged already (for another reason) keeps its reason.
        ...(answer.answerStatus === 'IN-USE'
          ? { answerStatus: 'FLAGGED' as const, flaggedReason: REVIEW_DUE_REASON }
          : {}),
        changedBySession: sessionMark(null),
      },
      // Only while its day is still the one read (a review meanwhile moved it on).
      { nextReviewOn: answer.nextReviewOn },
    );
    if (typeof result !== 'string') flagged++;
  });
  return { day, due: due.length, flagged };
}

export const handler = async () => checkReviews();
