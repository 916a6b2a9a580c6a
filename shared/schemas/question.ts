/**
 * Questions (spec 002 §3): the record every project, import, answering screen and export shares.
 */
import * as z from 'zod';
import { Id } from '../routes/route';
import { PageCursor } from './common';

import {
  ANSWER_MAX,
  CLASSIFICATIONS,
  CREATION_TYPES,
  HISTORY_FIELDS,
  QUESTION_MAX,
  RESPONSE_STATUSES,
} from './values';

export {
  ANSWER_MAX,
  CLASSIFICATIONS,
  type Classification,
  CREATION_TYPES,
  HISTORY_FIELDS,
  type HistoryField,
  QUESTION_MAX,
  RESPONSE_STATUSES,
  type ResponseStatus,
} from './values';
export const ADD_QUESTION_MESSAGE = 'Please check the question';

/** A question's draft from Fill from library: the library entry it cites, how confident, which run. */
export const LibraryDraft = z.object({
  answerId: z.string(),
  confidence: z.number(),
  runId: z.string(),
  /** The cited library entry's question. */
  originalQuestion: z.string(),
  /** The cited entry's supporting documents: attached to the question when the draft is accepted. */
  documentIds: z.array(z.string()).optional(),
});
export type LibraryDraft = z.infer<typeof LibraryDraft>;

/** Evidence a question cites that expired (the document library's expiry), so its answer needs a look. */
export const ExpiredEvidence = z.object({
  documentId: z.string(),
  documentName: z.string(),
  expiresOn: z.string(),
});
export type ExpiredEvidence = z.infer<typeof ExpiredEvidence>;

export const Question = z.object({
  questionId: z.string(),
  projectId: z.string(),
  question: z.string(),
  answer: z.string(),
  information: z.string().optional(),
  referenceNumber: z.string().optional(),
  sectionDescription: z.string().optional(),
  importance: z.string().optional(),
  /** Tags the questionnaire gave the question (imports fill them); shown as badges. */
  tags: z.array(z.string()).optional(),
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
  /** The caller was mentioned in the question's discussion (the "I'm mentioned" filter). */
  loggedInUserMentioned: z.boolean().optional(),
  /** Filled by autofill from this library entry, waiting for a reviewer to accept or reject it. */
  libraryDraft: LibraryDraft.optional(),
  /** Documents the question cites that expired: its answer is up for review until someone saves it. */
  evidenceExpired: z.array(ExpiredEvidence).optional(),
  /** A new version of its file reworded the question: its wording before, until someone reviews it. */
  reworded: z.object({ previousQuestion: z.string(), fileName: z.string() }).optional(),
});
export type Question = z.infer<typeof Question>;

/** Pages of the question list: the first rows paint before a 5,000-question list has arrived. */
export const QUESTION_PAGE_DEFAULT = 500;
export const QUESTION_PAGE_MAX = 1000;
export const ListQuestionsQuery = z.object({
  /** The `cursor` of the previous page. */
  cursor: PageCursor,
  limit: z.coerce.number().int().min(1).max(QUESTION_PAGE_MAX).default(QUESTION_PAGE_DEFAULT),
});
export const QuestionPage = z.object({
  items: Question.array(),
  /** Pass as `cursor` for the next page; null on the last page. */
  cursor: z.string().nullable(),
});
export type QuestionPage = z.infer<typeof QuestionPage>;

/** The fields a question's history follows (answer history, beyond the spec). */
export const FieldChange = z.object({
  field: z.enum(HISTORY_FIELDS),
  /** Absent for an empty value (no assignee). */
  before: z.union([z.string(), z.boolean()]).optional(),
  after: z.union([z.string(), z.boolean()]).optional(),
});
export type FieldChange = z.infer<typeof FieldChange>;

/** One immutable entry of a question's history: one saved change, who made it and when. */
export const HistoryEntry = z.object({
  activityId: z.string(),
  questionId: z.string(),
  /** The question's version the change produced. */
  version: z.number().int(),
  createdByUserId: z.string().optional(),
  updatedAt: z.string(),
  changes: FieldChange.array(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const RestoreAnswerRequest = z.strictObject({
  /** The version the screen shows; a newer one answers 409. */
  version: z.number().int(),
});

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
    /** The library answer this save's text was taken from (its usage is recorded). */
    libraryAnswerId: Id,
    /** The answer was checked against the question's new wording (the reworded flag goes). */
    rewordingReviewed: z.literal(true),
    /** The version the editor started from; a newer one answers 409. */
    version: z.number().int(),
  })
  .partial()
  .refine((body) => Object.keys(body).some((k) => k !== 'version'), 'Nothing to change');
export type UpdateQuestionRequest = z.input<typeof UpdateQuestionRequest>;
