/**
 * The calendar of library reviews (issue 28 part 1) without zod, for the background functions that
 * compute review-by days (the reactions, the due job and the digest): a team's review cycle, an
 * answer's review-by day and when it is due. shared/schemas/review.ts re-exports all of it.
 */
import { NEVER_DUE } from './schemas/values';

/** The team's review cycle in months; null is none (the default). */
export const REVIEW_CYCLES = [3, 6, 12] as const;
export type ReviewCycle = (typeof REVIEW_CYCLES)[number] | null;

/** The Due for review view lists answers whose review-by day is this close, or past. */
export const DUE_SOON_DAYS = 30;
/** The weekly digest lists an owner's answers due within this many days, or overdue. */
export const DIGEST_DAYS = 7;
/** The reason a due answer carries in Needs Review. */
export const REVIEW_DUE_REASON = 'Due for review';

/** YYYY-MM-DD of an ISO time or day. */
export const dayOf = (time: string) => time.slice(0, 10);

/** A day plus some days (UTC calendar days). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

/** A day plus some months; a day the month lacks becomes its last (31 January + 1 → 28 February). */
export function addMonths(day: string, count: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const months = y * 12 + (m - 1) + count;
  const year = Math.floor(months / 12);
  const month = months % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * An answer's review-by day: the one set on the answer, else its last review (or, never reviewed,
 * when it entered the library) plus the team's cycle, else never. Archived answers are never due.
 */
export function reviewDayOf(
  answer: { answerStatus: string; createdAt: string; lastReviewedAt?: string; reviewByOn?: string },
  cycle: ReviewCycle | undefined,
): string {
  if (answer.answerStatus === 'ARCHIVED') return NEVER_DUE;
  if (answer.reviewByOn) return answer.reviewByOn;
  if (!cycle) return NEVER_DUE;
  return addMonths(dayOf(answer.lastReviewedAt ?? answer.createdAt), cycle);
}

/** Due for review on `today`: its review-by day is within DUE_SOON_DAYS, or past. */
export const isDueForReview = (nextReviewOn: string | undefined, today: string) =>
  Boolean(nextReviewOn) &&
  nextReviewOn !== NEVER_DUE &&
  (nextReviewOn as string) <= addDays(today, DUE_SOON_DAYS);

/** A stored number of months as a review cycle (anything else is none). */
export const reviewCycleOf = (months: number | undefined | null): ReviewCycle =>
  months === 3 || months === 6 || months === 12 ? months : null;
