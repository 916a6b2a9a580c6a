/**
 * The consistency check of a questionnaire (issue 28 part 3): a project's answered questions
 * checked against each other and against the library's approved answers for the same questions.
 * Each finding names both sides (question wording, the clashing phrase) and can be dismissed with
 * a reason, which is kept in the questions' activity.
 */
import * as z from 'zod';
import { FINDING_KINDS, FINDING_STATUSES } from './values';

export { FINDING_KINDS, FINDING_STATUSES };

export const DISMISS_REASON_MAX = 500;

export const CONSISTENCY_MESSAGES = {
  reason: 'Please say why this finding can be dismissed',
  reasonTooLong: `Please keep the reason under ${DISMISS_REASON_MAX} characters`,
  notFound: 'That finding no longer exists: the answers changed since the check',
} as const;

/** One side of a finding: a question of the project, or the library's approved answer. */
export const FindingSide = z.object({
  /** A question of the project (absent for the library's side). */
  questionId: z.string().optional(),
  /** The library answer (the library's side only). */
  answerId: z.string().optional(),
  referenceNumber: z.string().optional(),
  /** The question's wording (the library entry's question on the library's side). */
  question: z.string(),
  /** The part of the answer that clashes with the other side. */
  phrase: z.string(),
});
export type FindingSide = z.infer<typeof FindingSide>;

export const ConsistencyFinding = z.object({
  findingId: z.string(),
  kind: z.enum(FINDING_KINDS),
  /** The security concept both answers speak of ("Multi-factor authentication"). */
  concept: z.string(),
  a: FindingSide,
  b: FindingSide,
  status: z.enum(FINDING_STATUSES),
  dismissedReason: z.string().optional(),
  dismissedByUserId: z.string().optional(),
  dismissedAt: z.string().optional(),
});
export type ConsistencyFinding = z.infer<typeof ConsistencyFinding>;

/** The project's findings; `checkedAt` absent when the project was never checked. */
export const ConsistencyReport = z.object({
  projectId: z.string(),
  checkedAt: z.string().optional(),
  openCount: z.number().int(),
  findings: ConsistencyFinding.array(),
});
export type ConsistencyReport = z.infer<typeof ConsistencyReport>;

export const DismissFindingRequest = z.strictObject({
  findingId: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id'),
  reason: z
    .string({ error: CONSISTENCY_MESSAGES.reason })
    .trim()
    .min(1, CONSISTENCY_MESSAGES.reason)
    .max(DISMISS_REASON_MAX, CONSISTENCY_MESSAGES.reasonTooLong),
});
