/**
 * Library health (issue 28 part 2): the library's near-duplicate questions, in groups, and the
 * conflicts among their answers, as the health job last found them (functions/library/health).
 */
import * as z from 'zod';
import { Id } from '../routes/route';
import {
  ANSWER_STATUSES,
  CLASSIFICATIONS,
  CONFLICT_KINDS,
  HEALTH_MESSAGES,
  HEALTH_STATUSES,
  mergedReason,
} from './values';

export { CONFLICT_KINDS, HEALTH_MESSAGES, HEALTH_STATUSES, mergedReason };

export const HealthAnswer = z.object({
  answerId: z.string(),
  originalQuestion: z.string(),
  answer: z.string(),
  answerStatus: z.enum(ANSWER_STATUSES),
  responseClassification: z.enum(CLASSIFICATIONS).optional(),
  usageCount: z.number().int(),
  tags: z.array(z.string()),
  documentCount: z.number().int(),
});
export type HealthAnswer = z.infer<typeof HealthAnswer>;

export const DuplicateGroup = z.object({
  groupId: z.string(),
  /** How close the group's closest two questions are (0..1). */
  similarity: z.number(),
  answers: z.array(HealthAnswer),
});
export type DuplicateGroup = z.infer<typeof DuplicateGroup>;

export const HealthConflict = z.object({
  conflictId: z.string(),
  groupId: z.string(),
  /** COMPLIANCE: one says Yes, the other No; CONTRADICTION: their texts clash on a concept. */
  kind: z.enum(CONFLICT_KINDS),
  concept: z.string().optional(),
  a: HealthAnswer,
  b: HealthAnswer,
  /** The phrase of each answer that clashes (CONTRADICTION). */
  phraseA: z.string().optional(),
  phraseB: z.string().optional(),
});
export type HealthConflict = z.infer<typeof HealthConflict>;

export const LibraryHealthSummary = z.object({
  status: z.enum(HEALTH_STATUSES),
  /** When the last check finished (absent before the first). */
  checkedAt: z.string().optional(),
  failureReason: z.string().optional(),
  duplicateGroups: z.number().int(),
  conflicts: z.number().int(),
});
export type LibraryHealthSummary = z.infer<typeof LibraryHealthSummary>;

export const LibraryHealth = LibraryHealthSummary.extend({
  groups: z.array(DuplicateGroup),
  conflictList: z.array(HealthConflict),
});
export type LibraryHealth = z.infer<typeof LibraryHealth>;

export const MergeGroupRequest = z.strictObject({ keepAnswerId: Id });
export const ResolveConflictRequest = z.strictObject({
  keepAnswerId: Id,
  reason: z
    .string({ error: HEALTH_MESSAGES.reason })
    .trim()
    .min(1, HEALTH_MESSAGES.reason)
    .max(1_000, 'At most 1000 characters'),
});

export const HealthActionResult = z.object({
  keptAnswerId: z.string(),
  archived: z.number().int(),
});
