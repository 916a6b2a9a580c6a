/**
 * The answer library (spec 002 §2.2, §3, §4, §5, §7.2, §9): approved answers with their status,
 * candidates (answers saved with Include in Library, waiting for a decision), favourites,
 * collections and usage.
 */
import * as z from 'zod';
import { PresignedUpload } from './common';
import { ANSWER_MAX, CLASSIFICATIONS, QUESTION_MAX } from './question';
import { SOURCE_MAX_BYTES, SOURCE_MESSAGES } from './source';
import { TAGS_PER_RESOURCE, TagLabel } from './tag';
import {
  ANSWER_STATUSES,
  AUTOFILL_STATUSES,
  CREATION_METHODS,
  LIBRARY_FILE_STATUSES,
  LIBRARY_LIMITS,
} from './values';

export {
  ANSWER_STATUSES,
  type AnswerStatus,
  AUTOFILL_STATUSES,
  CREATION_METHODS,
  IMPORTER_MAX_ROWS,
  LIBRARY_FILE_STATUSES,
  LIBRARY_LIMITS,
} from './values';

export const FLAG_REASONS = ['INCORRECT', 'OUTDATED', 'OTHER'] as const;

/** The team's library settings until the team settings screen changes them. */
export const TEAM_LIBRARY_DEFAULTS = {
  /** Imported answers land in Needs Review (FLAGGED) instead of Available. */
  importedAnswersRequireReview: false,
  /** Include in Library starts ticked on a question's answer (never in PRIVATE projects). */
  defaultAnswersToFlowToLibrary: false,
} as const;

export const LIBRARY_MESSAGES = {
  question: 'Please provide a question',
  answer: 'Please provide an answer',
  flagOther: "Please don't leave it up to us.",
  notFound: 'That answer no longer exists',
  collectionNotFound: 'That collection no longer exists',
  candidateNotFound: 'Those answers are no longer waiting for review',
  tooManyCollections: `A team can have at most ${LIBRARY_LIMITS.collectionsPerTeam} collections`,
} as const;

/** Non-blank, at least 10 characters after trimming, at most 4,000 (Add Answer and Replace). */
const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(LIBRARY_LIMITS.textMin, { message, abort: true })
    .max(max, `At most ${max} characters`);
export const AnswerQuestionText = text(LIBRARY_MESSAGES.question, QUESTION_MAX);
export const AnswerText = text(LIBRARY_MESSAGES.answer, ANSWER_MAX);

export const Answer = z.object({
  answerId: z.string(),
  answer: z.string(),
  originalQuestion: z.string(),
  answerStatus: z.enum(ANSWER_STATUSES),
  flaggedReason: z.string().optional(),
  responseClassification: z.enum(CLASSIFICATIONS).optional(),
  isFavourite: z.boolean(),
  creationMethod: z.enum(CREATION_METHODS),
  createdByUserId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  tags: z.array(z.string()),
  collectionIds: z.array(z.string()),
  /** Questions this answer was used on, and when last. */
  usageCount: z.number().int(),
  lastUsedAt: z.string().optional(),
  /** The question and project it came from (FROM_QUESTION). */
  sourceProjectId: z.string().optional(),
  sourceQuestionId: z.string().optional(),
  version: z.number().int(),
  /** Who keeps it true (a member; the person who added or approved it unless changed). */
  ownerUserId: z.string().optional(),
  /** Its review-by day (YYYY-MM-DD), absent when none comes (no cycle and none set). */
  nextReviewOn: z.string().optional(),
  /** The review-by day set on the answer itself (else the team's cycle gives it). */
  reviewByOn: z.string().optional(),
  lastReviewedAt: z.string().optional(),
  lastReviewedByUserId: z.string().optional(),
});
export type Answer = z.infer<typeof Answer>;

/** Which part of the library a search lists (the collections column). */
export const LIBRARY_VIEWS = [
  'AVAILABLE',
  'NEEDS_REVIEW',
  'FAVOURITES',
  'ARCHIVE',
  'ALL',
  'DUE_FOR_REVIEW',
] as const;
export const SearchLibraryRequest = z.strictObject({
  searchTerm: z.string().trim().max(LIBRARY_LIMITS.searchMax).optional(),
  view: z.enum(LIBRARY_VIEWS).optional(),
  /** A collection of the team's (instead of a view). */
  collectionId: z.string().max(128).optional(),
});
export type SearchLibraryRequest = z.infer<typeof SearchLibraryRequest>;
export const LibraryPageQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const AnswerPage = z.object({
  items: z.array(Answer),
  /** Answers matching, all pages. */
  total: z.number().int(),
  /**
   * The words the search found in each answer of this page, by answerId (lower-case, accents
   * folded), for the screen to mark in that answer only: "encryption" also finds and marks
   * "encrypted". Never a word that means nothing alone ("is"). Empty without a search; an answer
   * with nothing to mark is left out.
   */
  highlights: z.record(z.string(), z.array(z.string())).default({}),
});
export type AnswerPage = z.infer<typeof AnswerPage>;

export const UpdateAnswerRequest = z
  .strictObject({
    answerStatus: z.enum(ANSWER_STATUSES).optional(),
    flaggedReason: z.enum(FLAG_REASONS).optional(),
    /** Free text when the reason is OTHER. */
    flaggedText: z.string().trim().max(1_000).optional(),
    isFavourite: z.boolean().optional(),
    /** The answer's whole tag list (the tag editor adds and removes one at a time; ANSWER_QUESTION). */
    tags: z
      .array(TagLabel)
      .max(TAGS_PER_RESOURCE, `An answer has at most ${TAGS_PER_RESOURCE} tags`)
      .optional(),
  })
  .refine((b) => b.answerStatus !== undefined || b.isFavourite !== undefined || b.tags !== undefined, {
    message: 'Give an answerStatus, isFavourite or tags',
  })
  .refine((b) => b.answerStatus !== 'FLAGGED' || b.flaggedReason !== undefined, {
    message: 'Give the reason for flagging',
    path: ['flaggedReason'],
  })
  .refine((b) => b.flaggedReason !== 'OTHER' || (b.flaggedText?.length ?? 0) > 0, {
    message: LIBRARY_MESSAGES.flagOther,
    path: ['flaggedText'],
  });
export type UpdateAnswerRequest = z.infer<typeof UpdateAnswerRequest>;

export const ReplaceAnswerRequest = z.strictObject({
  answer: AnswerText,
  originalQuestion: AnswerQuestionText.optional(),
  version: z.number().int().min(1).optional(),
});

export const ImportAnswerItem = z.strictObject({
  question: AnswerQuestionText,
  answer: AnswerText,
  tags: z.array(TagLabel).max(50).optional(),
  responseClassification: z.enum(CLASSIFICATIONS).optional(),
});
export const ImportAnswersRequest = z.strictObject({
  items: z.array(ImportAnswerItem).min(1).max(LIBRARY_LIMITS.importMax),
  /** MANUALLY for Add Answer, BULK_UPLOAD (the default) for the importer. */
  creationMethod: z.enum(['MANUALLY', 'BULK_UPLOAD']).optional(),
});
export type ImportAnswersRequest = z.infer<typeof ImportAnswersRequest>;
/** The importer's check before it imports: which rows the library already holds, exactly or nearly. */
export const CheckImportRequest = z.strictObject({
  items: z.array(ImportAnswerItem).min(1).max(LIBRARY_LIMITS.importMax),
});
export const DUPLICATE_KINDS = ['EXACT', 'NEAR'] as const;
export const CheckImportResult = z.object({
  duplicates: z.array(
    z.object({
      /** The row's place in `items`. */
      index: z.number().int(),
      kind: z.enum(DUPLICATE_KINDS),
      /** The library answer it repeats. */
      answerId: z.string(),
    }),
  ),
});
export type CheckImportResult = z.infer<typeof CheckImportResult>;

export const ImportAnswersResult = z.object({
  created: z.number().int(),
  /** Items whose question and answer the library already holds (not added again). */
  duplicates: z.number().int(),
  /** Where the new answers went: IN-USE, or FLAGGED when the team reviews imported answers. */
  answerStatus: z.enum(ANSWER_STATUSES),
  answerIds: z.array(z.string()),
});

export const AnswerIds = z.array(z.string().min(1).max(128)).min(1).max(LIBRARY_LIMITS.bulkMax);
export const BulkUpdateAnswersRequest = z.strictObject({
  answerIds: AnswerIds,
  answerStatus: z.enum(ANSWER_STATUSES),
});
export const BulkResult = z.object({ updated: z.number().int() });

export const Candidate = z.object({
  /** A candidate is a question saved with Include in Library: its id is the question's. */
  candidateId: z.string(),
  questionId: z.string(),
  projectId: z.string(),
  projectName: z.string().optional(),
  question: z.string(),
  answer: z.string(),
  responseClassification: z.enum(CLASSIFICATIONS).optional(),
  authorId: z.string(),
  createdAt: z.string(),
});
export type Candidate = z.infer<typeof Candidate>;
export const UpdateCandidatesRequest = z.strictObject({
  questionIds: AnswerIds,
  newStatus: z.enum(['DISCARD', 'CREATE']),
});
export const UpdateCandidatesResult = z.object({
  discarded: z.number().int(),
  created: z.number().int(),
  answerIds: z.array(z.string()),
});

export const Usage = z.object({
  questionId: z.string(),
  projectId: z.string(),
  question: z.string(),
  answer: z.string(),
  information: z.string().optional(),
  answeredByUserId: z.string(),
  updatedAt: z.string(),
  project: z.object({ name: z.string() }),
});
export const AnswerAnalytics = z.object({ answer: Answer, usage: z.array(Usage) });
export type AnswerAnalytics = z.infer<typeof AnswerAnalytics>;

export const CollectionName = z
  .string({ error: 'Please give the collection a name' })
  .trim()
  .min(1, { message: 'Please give the collection a name', abort: true })
  .max(LIBRARY_LIMITS.collectionNameMax);
export const Collection = z.object({
  collectionId: z.string(),
  collectionName: z.string(),
  answerCount: z.number().int(),
});
export type Collection = z.infer<typeof Collection>;
export const CreateCollectionRequest = z.strictObject({ collectionName: CollectionName });
export const UpdateCollectionRequest = z
  .strictObject({
    collectionName: CollectionName.optional(),
    addAnswerIds: AnswerIds.optional(),
    removeAnswerIds: AnswerIds.optional(),
  })
  .refine((b) => b.collectionName || b.addAnswerIds || b.removeAnswerIds, {
    message: 'Give a new name, or answers to add or remove',
  });

// ——— The library importer (spec 002 §2.2, §5): a spreadsheet uploaded, read, reviewed, imported ———

/** .xlsx and .csv only, at most 25 MB (spec 002 §5 library file upload). */
export const LIBRARY_FILE = /\.(xlsx|csv)$/i;
export const LibraryUploadRequest = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(256)
    .refine((name) => LIBRARY_FILE.test(name), SOURCE_MESSAGES.uploadError),
  contentType: z.string().trim().max(256),
  sizeBytes: z.number().int().min(0).max(SOURCE_MAX_BYTES, SOURCE_MESSAGES.tooLarge).optional(),
});
export const LibraryUpload = z.object({ answerSourceId: z.string(), upload: PresignedUpload });
export const LibraryFileSheet = z.object({
  sheetName: z.string(),
  hidden: z.boolean(),
  /** The cells as the user sees them, row by row (trailing empty cells dropped). */
  rows: z.array(z.array(z.string())),
  /** Rows past IMPORTER_MAX_ROWS were left out. */
  truncated: z.boolean(),
});
export type LibraryFileSheet = z.infer<typeof LibraryFileSheet>;
export const LibraryFile = z.object({ sheets: z.array(LibraryFileSheet) });
export type LibraryFile = z.infer<typeof LibraryFile>;
/**
 * A library file once `complete` accepted it: the processing job reads it (PROCESSING), then it is
 * READY with its sheets' cells, or FAILED with the reason a user can act on. It is kept a day.
 */
export const LibraryFileState = z.object({
  answerSourceId: z.string(),
  status: z.enum(LIBRARY_FILE_STATUSES),
  failureReason: z.string().optional(),
  /** The file as read, when READY. */
  file: LibraryFile.optional(),
});
export type LibraryFileState = z.infer<typeof LibraryFileState>;

// ——— In the answering screen (spec 002 §2.1, §3 answer suggestion, §7.1) ———

/** An answer is frequently used from this many questions on. */
export const FREQUENTLY_USED = 3;
export const SUGGESTIONS_SHOWN = 5;
export const SEARCH_RESULTS_SHOWN = 20;
export const SEARCH_QUERY_MAX = 250;

export const AnswerSuggestion = z.object({
  answerId: z.string(),
  answer: z.string(),
  originalQuestion: z.string(),
  responseClassification: z.enum(CLASSIFICATIONS).optional(),
  createdByUserId: z.string(),
  createdAt: z.string(),
  answerStatus: z.enum(ANSWER_STATUSES),
  flaggedReason: z.string().optional(),
  frequentlyUsed: z.boolean(),
  isFavourite: z.boolean(),
  /** The questions the answer was used for (in projects the caller may see), most recent first. */
  questions: z.array(
    z.object({ question: z.string(), responseClassification: z.enum(CLASSIFICATIONS).optional() }),
  ),
  /** How well it matches (higher is better; comparable within one list only). */
  score: z.number(),
});
export type AnswerSuggestion = z.infer<typeof AnswerSuggestion>;
export const SearchAnswersRequest = z.strictObject({
  searchQuery: z.string().trim().max(SEARCH_QUERY_MAX),
});

// ——— The glossary (spec 002 §3 library term; Explore Questions) ———

export const TERM_LIMITS = { term: 100, definition: 2_000, links: 5, perTeam: 500 } as const;
export const LibraryTerm = z.object({
  termId: z.string(),
  term: z.string(),
  definition: z.string(),
  links: z.array(z.string()),
  /** The term appears in the question (Explore Questions lists these first). */
  inQuestion: z.boolean().optional(),
});
export type LibraryTerm = z.infer<typeof LibraryTerm>;
const TermLink = z.url({ protocol: /^https?$/, error: 'Links must start with http:// or https://' }).max(500);
export const SaveTermRequest = z.strictObject({
  term: z
    .string({ error: 'Please name the term' })
    .trim()
    .min(1, 'Please name the term')
    .max(TERM_LIMITS.term),
  definition: z
    .string({ error: 'Please define the term' })
    .trim()
    .min(1, 'Please define the term')
    .max(TERM_LIMITS.definition),
  links: z.array(TermLink).max(TERM_LIMITS.links).optional(),
});
export type SaveTermRequest = z.infer<typeof SaveTermRequest>;

// ——— Autofill (beyond the spec): a whole project answered from the library, as drafts ———

/**
 * Proposals at or above this confidence are filled (functions/library/search/engine.ts
 * confidenceOf). Measured with `npm run bench -- --only suggestions`: on the held-out rewordings
 * plus questions the library cannot answer, 95% of the proposals at 0.9 were right.
 */
export const AUTOFILL_THRESHOLD = 0.9;
export const AUTOFILL_MESSAGES = {
  running: 'Autofill is already running on this project',
  completed: 'This project is completed: reopen it to fill answers',
  noDrafts: 'None of these questions holds a draft from the library',
} as const;

export const StartAutofillRequest = z.strictObject({
  /** Fill only proposals at or above this confidence (0.5 to 0.99). */
  threshold: z.number().min(0.5).max(0.99).default(AUTOFILL_THRESHOLD),
});
export const AutofillRun = z.object({
  runId: z.string(),
  projectId: z.string(),
  status: z.enum(AUTOFILL_STATUSES),
  threshold: z.number(),
  /** Unanswered questions when the run started, and how many it has looked at. */
  total: z.number().int(),
  processed: z.number().int(),
  /** Filled as drafts (at or above the threshold); the rest were left untouched. */
  filled: z.number().int(),
  startedByUserId: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  failureReason: z.string().optional(),
});
export type AutofillRun = z.infer<typeof AutofillRun>;

export const DRAFT_DECISIONS = ['ACCEPT', 'REJECT'] as const;
export const ReviewDraftsRequest = z.strictObject({
  questionIds: z.array(z.string().min(1).max(64)).min(1).max(5_000),
  decision: z.enum(DRAFT_DECISIONS),
});
export const ReviewDraftsResult = z.object({ changed: z.number().int() });
