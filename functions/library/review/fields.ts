/** How an answer's owner and review show in the library's lists (service.ts toAnswer, the views). */
import { dayOf, isDueForReview } from '../../../shared/review-days';
import { NEVER_DUE } from '../../../shared/schemas/values';
import type { LibraryAnswerItem } from '../repo';

/** The answer's owner: the one set, else whoever added it. */
export const ownerOf = (item: Pick<LibraryAnswerItem, 'ownerUserId' | 'createdByUserId'>) =>
  item.ownerUserId ?? item.createdByUserId;

export function reviewFieldsOf(item: LibraryAnswerItem) {
  return {
    ownerUserId: ownerOf(item),
    ...(item.nextReviewOn && item.nextReviewOn !== NEVER_DUE ? { nextReviewOn: item.nextReviewOn } : {}),
    ...(item.reviewByOn ? { reviewByOn: item.reviewByOn } : {}),
    ...(item.lastReviewedAt ? { lastReviewedAt: item.lastReviewedAt } : {}),
    ...(item.lastReviewedByUserId ? { lastReviewedByUserId: item.lastReviewedByUserId } : {}),
  };
}

/** In the Due for review view: not archived, review-by day within DUE_SOON_DAYS or past. */
export const isDueAnswer = (item: LibraryAnswerItem, today = dayOf(new Date().toISOString())) =>
  item.answerStatus !== 'ARCHIVED' && isDueForReview(item.nextReviewOn, today);

/** Soonest review-by day first (the most overdue at the top). */
export const byReviewDay = (a: LibraryAnswerItem, b: LibraryAnswerItem) =>
  (a.nextReviewOn ?? NEVER_DUE).localeCompare(b.nextReviewOn ?? NEVER_DUE) ||
  a.answerId.localeCompare(b.answerId);
