/**
 * Questions (spec 002 §3): the record every project, import, answering screen and export shares.
 */
import * as z from 'zod';
import { Id } from '../routes/route';

export const RESPONSE_STATUSES = ['INCOMPLETE', 'IN-PROGRESS', 'COMPLETE'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];
export const CLASSIFICATIONS = [
  'COMPLIANT',
  'PARTIALLY-COMPLIANT',
  'NON-COMPLIANT',
  'NOT-APPLICABLE',
  'INCOMPLETE',
] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];
export const CREATION_TYPES = ['MANUAL', 'IMPORTED'] as const;

export const QUESTION_MAX = 4000;
export const ANSWER_MAX = 4000;
export const ADD_QUESTION_MESSAGE = 'Please check the question';

export const Question = z.object({
  questionId: z.string(),
  projectId: z.string(),
  question: z.string(),
  answer: z.string(),
  information: z.string().optional(),
  referenceNumber: z.string().optional(),
  sectionDescription: z.string().optional(),
  importance: z.string().optional(),
  responseStatus: z.enum(RESPONSE_STATUSES),
  responseClassification: z.enum(CLASSIFICATIONS),
  includeInLibrary: z.boolean(),
  assignedToUserId: z.string().optional(),
  creationType: z.enum(CREATION_TYPES),
  isLinked: z.boolean(),
  deletedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedByUserId: z.string().optional(),
  version: z.number().int(),
});
export type Question = z.infer<typeof Question>;

/** Add question (spec 002 §5): trimmed text longer than 10 characters, at most 4000. */
export const AddQuestionRequest = z.strictObject({
  question: z
    .string({ error: ADD_QUESTION_MESSAGE })
    .trim()
    .min(11, ADD_QUESTION_MESSAGE)
    .max(QUESTION_MAX, ADD_QUESTION_MESSAGE),
  referenceNumber: z.string().trim().max(64).optional(),
  sectionDescription: z.string().trim().max(256).optional(),
});

/** A manually created question as the project's Question Sources list shows it (spec 001 §3). */
export const ManualQuestion = z.object({
  questionId: z.string(),
  question: z.string(),
  answer: z.string(),
  /** The classification in the project's compliance wording. */
  exportClassification: z.string(),
});

export const UpdateQuestionRequest = z
  .strictObject({
    answer: z.string().max(ANSWER_MAX, `An answer can be at most ${ANSWER_MAX} characters`),
    responseClassification: z.enum(CLASSIFICATIONS),
    includeInLibrary: z.boolean(),
    responseStatus: z.enum(RESPONSE_STATUSES),
    /** null unassigns. */
    assignedToUserId: Id.nullable(),
    /** The version the editor started from; a newer one answers 409. */
    version: z.number().int(),
  })
  .partial()
  .refine((body) => Object.keys(body).some((k) => k !== 'version'), 'Nothing to change');
export type UpdateQuestionRequest = z.input<typeof UpdateQuestionRequest>;
