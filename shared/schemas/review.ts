/**
 * Owners and review cycles of library answers (issue 28 part 1): each answer has an owner and a
 * review-by date, from the team's cycle (Settings → Team) or set on the answer itself. When the
 * date passes the answer goes to Needs Review and its owner is told; reviewing records who and when.
 */
import * as z from 'zod';
import { NEVER_DUE, REVIEW_HISTORY_KINDS } from './values';

// The calendar (cycles, review-by days, due) is zod-free, for the background functions.
export {
  addDays,
  addMonths,
  DIGEST_DAYS,
  DUE_SOON_DAYS,
  dayOf,
  isDueForReview,
  REVIEW_CYCLES,
  REVIEW_DUE_REASON,
  reviewCycleOf,
  reviewDayOf,
} from '../review-days';
export { REVIEW_HISTORY_KINDS };

export const ReviewCycle = z.union([z.literal(3), z.literal(6), z.literal(12)]).nullable();
export type ReviewCycle = z.infer<typeof ReviewCycle>;

// The review-by day of an answer nothing makes due: in values.ts, which entities import without zod.
export { NEVER_DUE };

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
