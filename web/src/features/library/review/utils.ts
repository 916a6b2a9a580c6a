/** How an answer's review reads on screen (pure, tested in review-labels.test.ts). */
import { addDays, DUE_SOON_DAYS, type ReviewHistoryEntry } from '@shared/schemas/review';

/** Overdue, due soon (within DUE_SOON_DAYS) or nothing, for the review-by day's badge. */
export function dueState(nextReviewOn: string | undefined, today: string): 'OVERDUE' | 'DUE_SOON' | null {
  if (!nextReviewOn) return null;
  if (nextReviewOn < today) return 'OVERDUE';
  if (nextReviewOn <= addDays(today, DUE_SOON_DAYS)) return 'DUE_SOON';
  return null;
}

export const HISTORY_LABEL: Record<ReviewHistoryEntry['kind'], string> = {
  CONFIRMED: 'Confirmed unchanged',
  EDITED: 'Edited',
  ARCHIVED: 'Archived',
  RESTORED: 'Restored',
  DUE: 'Came due for review',
  OWNER_CHANGED: 'Owner changed',
  REVIEW_DATE_SET: 'Review-by date changed',
  MERGED: 'Merged in a duplicate',
  CONFLICT_RESOLVED: 'Kept over a conflicting answer',
};

/** Today as YYYY-MM-DD in the reader's own calendar. */
export function localToday(now = new Date()) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
