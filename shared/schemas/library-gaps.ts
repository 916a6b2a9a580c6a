/**
 * Gaps in the library (issue 28 part 4) and the honest "no answer" of Fill from library (part 6).
 *
 * A gap: questions of the team's projects of the last GAP_WINDOW_DAYS days that the library did not
 * answer with confidence (below AUTOFILL_THRESHOLD), near-identical wordings across projects taken
 * as one, most frequent first. A question Fill from library left empty carries its reason: no
 * library answer covers it, or the closest one was below the threshold (with that candidate).
 */
import * as z from 'zod';

export const GAP_WINDOW_DAYS = 90;
/** At most this many gaps are listed (the most frequent): the library's to-do list, not an archive. */
export const GAPS_LISTED = 200;

export const GapProject = z.object({ projectId: z.string(), name: z.string(), count: z.number().int() });

/** The library's closest answer to a gap or an empty question, below the confidence threshold. */
export const ClosestAnswer = z.object({
  answerId: z.string(),
  /** The library entry's question and the start of its answer. */
  originalQuestion: z.string(),
  answerExcerpt: z.string(),
  /** The engine's confidence (0..1), shown as a percentage like a draft's. */
  confidence: z.number(),
});
export type ClosestAnswer = z.infer<typeof ClosestAnswer>;

export const Gap = z.object({
  gapId: z.string(),
  /** The wording asked most often. */
  question: z.string(),
  /** How many questions (in projects the caller can see) asked it. */
  count: z.number().int(),
  projects: z.array(GapProject),
  /** Other wordings of the same gap (up to five). */
  wordings: z.array(z.string()),
  /** What "Add to library" starts from: the question, and its latest answer written since (if any). */
  prefill: z.object({
    question: z.string(),
    answer: z.string(),
    projectId: z.string(),
    questionId: z.string(),
  }),
  closest: ClosestAnswer.optional(),
});
export type Gap = z.infer<typeof Gap>;

export const GapReport = z.object({
  gaps: z.array(Gap),
  /** All gaps the caller can see (the list holds the GAPS_LISTED most frequent). */
  total: z.number().int(),
  /** When the list was computed; absent before the first computation. */
  computedAt: z.string().optional(),
  /** The list is being brought up to date (a change since it was computed): ask again shortly. */
  updating: z.boolean(),
});
export type GapReport = z.infer<typeof GapReport>;

// ——— Honest "no answer" (part 6) ———

export const NO_ANSWER_REASONS = ['NO_MATCH', 'BELOW_THRESHOLD'] as const;
export type NoAnswerReason = (typeof NO_ANSWER_REASONS)[number];
export const NO_ANSWER_TEXT = {
  NO_MATCH: 'No library answer covers this',
  BELOW_THRESHOLD: 'Closest answer below the confidence threshold:',
} as const;

/** A question the latest Fill from library run left empty, and why. */
export const AutofillEmpty = z.object({
  questionId: z.string(),
  reason: z.enum(NO_ANSWER_REASONS),
  closest: ClosestAnswer.optional(),
});
export type AutofillEmpty = z.infer<typeof AutofillEmpty>;

export const USE_CANDIDATE_MESSAGES = {
  answered: 'This question was answered meanwhile: open it to change its answer',
  unavailable: 'That library answer is no longer available',
} as const;

export const UseCandidateRequest = z.strictObject({
  questionId: z.string({ error: 'Please choose a question' }).min(1).max(64),
  answerId: z.string({ error: 'Please choose a library answer' }).min(1).max(64),
});
export const UseCandidateResult = z.object({ questionId: z.string(), answerId: z.string() });
