/**
 * Owners and review cycles of library answers (issue 28 part 1): each answer has an owner and a
 * review-by date, from the team's cycle (Settings → Team) or set on the answer itself. When the
 * date passes the answer goes to Needs Review and its owner is told; reviewing records who and when.
 */
import * as z from 'zod';
import { NEVER_DUE } from './values';

/** The team's review cycle in months; null is none (the default). */
export const REVIEW_CYCLES = [3, 6, 12] as const;
export const ReviewCycle = z.union([z.literal(3), z.literal(6), z.literal(12)]).nullable();
export type ReviewCycle = z.infer<typeof ReviewCycle>;

// The review-by day of an answer nothing makes due: in values.ts, which entities import without zod.
export { NEVER_DUE };
/** The Due for review view lists answers whose review-by day is this close, or past. */
export const DUE_SOON_DAYS = 30;
/** The weekly digest lists an owner's answers due within this many days, or overdue. */
export const DIGEST_DAYS = 7;
/** The reason a due answer carries in Needs Review. */
export const REVIEW_DUE_REASON = 'Due for review';

export const REVIEW_MESSAGES = {
  notMember: 'Choose a member of the team as the owner',
  archived: 'An archived answer is not reviewed: restore it first',
  badDay: 'Give a date as YYYY-MM-DD',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export const ReviewDay = z
  .string({ error: REVIEW_MESSAGES.badDay })
  .regex(DAY, { message: REVIEW_MESSAGES.badDay, abort: true })
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
  }, REVIEW_MESSAGES.badDay);

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

export const UpdateAnswerReviewRequest = z
  .strictObject({
    /** A member of the team. */
    ownerUserId: z.string().trim().min(1).max(128).optional(),
    /** The answer's own review-by day; null clears it (back to the team's cycle). */
    reviewByOn: ReviewDay.nullable().optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((b) => b.ownerUserId !== undefined || b.reviewByOn !== undefined, {
    message: 'Give an ownerUserId or a reviewByOn',
  });
export type UpdateAnswerReviewRequest = z.infer<typeof UpdateAnswerReviewRequest>;

export const ConfirmAnswerRequest = z.strictObject({ version: z.number().int().min(1).optional() });

export const REVIEW_HISTORY_KINDS = [
  'CONFIRMED',
  'EDITED',
  'ARCHIVED',
  'RESTORED',
  'DUE',
  'OWNER_CHANGED',
  'REVIEW_DATE_SET',
] as const;
/** What a merge in Library health added to the answer kept (issue 28 part 2). */
export const MERGE_HISTORY_KINDS = ['MERGED', 'CONFLICT_RESOLVED'] as const;
export const ReviewHistoryEntry = z.object({
  kind: z.enum([...REVIEW_HISTORY_KINDS, ...MERGE_HISTORY_KINDS]),
  /** Who did it; absent for what the schedule did (DUE). */
  byUserId: z.string().optional(),
  at: z.string(),
  /** The new owner (OWNER_CHANGED), the review-by day set (REVIEW_DATE_SET, CONFIRMED, EDITED). */
  ownerUserId: z.string().optional(),
  nextReviewOn: z.string().optional(),
  /**
   * The question of the answer merged into this one (MERGED), or of the conflicting answer archived
   * in this one's favour (CONFLICT_RESOLVED).
   */
  otherQuestion: z.string().optional(),
});
export type ReviewHistoryEntry = z.infer<typeof ReviewHistoryEntry>;

export const ReviewSummary = z.object({
  /** Answers due for review (DUE_SOON_DAYS, or past), not archived. */
  due: z.number().int(),
  /** Of those, past their review-by day. */
  overdue: z.number().int(),
  /** The caller's own answers due. */
  mine: z.number().int(),
  cycle: ReviewCycle,
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** The stored cycle (months; 0 or absent for none) as the settings show it. */
export const reviewCycleOf = (months: number | undefined | null): ReviewCycle =>
  months === 3 || months === 6 || months === 12 ? months : null;
