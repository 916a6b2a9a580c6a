/**
 * The plain values some schemas are built from (enumerations and limits), without zod, for code that
 * needs a value but not a validator: the table's entity models (functions/common/entities) and the
 * reply-mail reader, so that a background function's bundle does not carry zod for a list of
 * strings. Each schema module re-exports its own, so they are imported from there as before.
 */

// ——— Projects (project.ts) ———
export const PROJECT_PRIORITIES = ['LOW', 'NORMAL', 'HIGH'] as const;
export const PROJECT_STATUSES = ['IN-PROGRESS', 'COMPLETE'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const ACCESS_VISIBILITIES = ['TEAM', 'PRIVATE'] as const;
export const PROJECT_TYPES = ['STANDARD', 'THIRD-PARTY'] as const;
export const DEAL_STATUSES = ['IN-PROGRESS', 'WON', 'LOST', 'UNKNOWN'] as const;
/** The two outcomes of a questionnaire (spec 001 leaves their names to us). */
export const PROJECT_OUTCOMES = ['PASSED', 'FAILED'] as const;
/** The two manager fields of a project, each assigned to one member. */
export const MANAGER_FIELDS = ['salesManagerUserId', 'deliveryManagerUserId'] as const;

// ——— Questions (question.ts) ———
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

// ——— Sources (source.ts) ———
export const SOURCE_FORMATS = ['xlsx', 'csv', 'docx'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];
/**
 * UPLOADING: created, the file not yet completed. PROCESSING: accepted, being read by the
 * processing job. READY: sheets or document can be configured. FAILED: `failureReason` says why.
 */
export const SOURCE_STATUSES = ['UPLOADING', 'PROCESSING', 'READY', 'FAILED'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];
/**
 * A new version of a questionnaire (a source given as the next file of another): the processing job
 * compares it with the previous one (COMPARING), the user reviews the difference (REVIEW), applies
 * it (APPLYING, the job again) and it is the project's file from then on (APPLIED).
 */
export const SOURCE_VERSION_STATES = ['COMPARING', 'REVIEW', 'APPLYING', 'APPLIED'] as const;
export type SourceVersionState = (typeof SOURCE_VERSION_STATES)[number];

// ——— Sources: limits and messages (source.ts) ———
/** What a file may hold before it is refused (each refusal names the limit to the user). */
export const SOURCE_LIMITS = {
  sheets: 100,
  /** Non-empty cells over the whole workbook. */
  cells: 500_000,
  rows: 100_000,
  columns: 200,
  /**
   * Bytes a zip (xlsx, docx) may inflate to in all, and each part of it: counted while inflating
   * (no declared size is trusted), so a zip bomb or a zip whose size headers lie is refused as soon
   * as a part passes its cap. The readers hold a part several times over (a worksheet: the bytes,
   * the string and its cells; xmldom: a DOM), so the caps keep the worst file readable within 512 MB.
   */
  inflatedBytes: 160 * 1024 * 1024,
  partBytes: {
    /** xl/sharedStrings.xml: every text of a workbook. */
    sharedStrings: 48 * 1024 * 1024,
    /** Each xl/worksheets/*.xml. */
    worksheet: 48 * 1024 * 1024,
    /** word/document.xml. */
    document: 16 * 1024 * 1024,
    /** Any other part (styles, images, numbering, themes…). */
    other: 32 * 1024 * 1024,
  },
  /** Elements and attributes of word/document.xml: its DOM holds about two kilobytes per node. */
  documentNodes: 200_000,
  /**
   * Cells covered by a workbook's merged ranges: the reader models every cell of a merge, so a
   * merge over whole rows or columns (billions of cells) is refused before it is read.
   */
  mergedCells: 200_000,
  annotations: 5_000,
  /** Characters kept of one cell or paragraph. */
  cellText: 32_767,
} as const;

export const SOURCE_MESSAGES = {
  tooLarge: 'That file is too large. We allow up to 25MB.',
  uploadError:
    'There was an error uploading your file. Please check the file is a supported format and can be opened on your computer.',
  fetchConfiguration: 'There was an error fetching your current configuration',
  fetchSources: 'There was an error fetching the list of source documents',
  fetchManualQuestions: 'There was an error fetching the manually created Questions',
  downloadSource: 'There was an error downloading your source document',
  downloadData: 'There was an error downloading your data',
  saveDocument: 'There was an error saving your document configuration',
  saveSheet: 'There was an error saving your sheet configuration',
} as const;

// ——— Library (answer.ts) ———
/** IN-USE shows as Available (green), FLAGGED as Needs Review (yellow), ARCHIVED as Archived (grey). */
export const ANSWER_STATUSES = ['IN-USE', 'FLAGGED', 'ARCHIVED'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];
/** FROM_QUESTION shows as Answering Question, BULK_UPLOAD as Library Import, MANUALLY as Manually. */
export const CREATION_METHODS = ['FROM_QUESTION', 'BULK_UPLOAD', 'MANUALLY'] as const;

export const LIBRARY_LIMITS = {
  /** Page size of the library list (Load More appears when the page is full). */
  pageSize: 30,
  searchMax: 100,
  /** Answers one import or one bulk change takes. */
  importMax: 5_000,
  bulkMax: 500,
  textMin: 10,
  collectionNameMax: 100,
  collectionsPerTeam: 100,
} as const;

/** The most rows of one sheet the importer shows and imports. */
export const IMPORTER_MAX_ROWS = LIBRARY_LIMITS.importMax;
/** A library file once `complete` accepted it: read by the job (PROCESSING), then READY or FAILED. */
export const LIBRARY_FILE_STATUSES = ['PROCESSING', 'READY', 'FAILED'] as const;
export const AUTOFILL_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;

// ——— Discussion (discussion.ts) ———
export const COMMENT_MAX = 4000;

/** The review-by day of an answer nothing makes due (sorts after every real day). */
export const NEVER_DUE = '9999-12-31';

// ——— Documents (document.ts) ———
export const DOCUMENT_STATUSES = ['UPLOADED', 'DEACTIVE'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * The document types (GET /documents/types): what evidence a security team keeps. Other is a
 * fixed choice (spec 002 §2.3).
 */
export const DOCUMENT_TYPES = [
  { documentTypeId: 'SOC2_REPORT', documentName: 'SOC 2 Type II Report' },
  { documentTypeId: 'ISO27001_CERTIFICATE', documentName: 'ISO 27001 Certificate' },
  { documentTypeId: 'PENETRATION_TEST', documentName: 'Penetration Test Summary' },
  { documentTypeId: 'SECURITY_POLICY', documentName: 'Information Security Policy' },
  { documentTypeId: 'BUSINESS_CONTINUITY', documentName: 'Business Continuity Plan' },
  { documentTypeId: 'INSURANCE_CERTIFICATE', documentName: 'Insurance Certificate' },
  { documentTypeId: 'DATA_PROCESSING_AGREEMENT', documentName: 'Data Processing Agreement' },
  { documentTypeId: 'PRIVACY_POLICY', documentName: 'Privacy Policy' },
  { documentTypeId: 'ARCHITECTURE_DIAGRAM', documentName: 'Architecture Diagram' },
  { documentTypeId: 'OTHER', documentName: 'Other' },
] as const;
export const DOCUMENT_TYPE_IDS = DOCUMENT_TYPES.map((t) => t.documentTypeId) as [
  (typeof DOCUMENT_TYPES)[number]['documentTypeId'],
  ...(typeof DOCUMENT_TYPES)[number]['documentTypeId'][],
];

// ——— Library health (library-health.ts) ———
export const HEALTH_STATUSES = ['IDLE', 'QUEUED', 'RUNNING'] as const;
export const CONFLICT_KINDS = ['COMPLIANCE', 'CONTRADICTION'] as const;
export const HEALTH_MESSAGES = {
  groupGone: 'This group has changed since the last check. Run the check again.',
  conflictGone: 'This conflict has changed since the last check. Run the check again.',
  notInGroup: 'Pick one of the answers of this group',
  reason: 'Please give a reason',
  failed: 'The last check stopped unexpectedly. Run it again.',
} as const;

/** The reason an answer merged into another is archived with. */
export const mergedReason = (question: string) =>
  `Merged into "${question.length > 120 ? `${question.slice(0, 117)}…` : question}"`;

// ——— Consistency (consistency.ts) ———
export const FINDING_KINDS = ['PAIR', 'LIBRARY'] as const;
export const FINDING_STATUSES = ['OPEN', 'DISMISSED'] as const;

// ——— Quizzes (quiz.ts) ———
export const QUIZ_ITEM_TYPES = ['SECTION', 'QUESTION'] as const;
export type QuizItemType = (typeof QUIZ_ITEM_TYPES)[number];

/** UNCLAIMED until the recipient accepts or declines, or the sender cancels; ANSWERED once the recipient's project is closed. */
export const INVITE_STATUSES = ['UNCLAIMED', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'ANSWERED'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

// ——— Library review (review.ts) ———
export const REVIEW_HISTORY_KINDS = [
  'CONFIRMED',
  'EDITED',
  'ARCHIVED',
  'RESTORED',
  'DUE',
  'OWNER_CHANGED',
  'REVIEW_DATE_SET',
] as const;

// ——— Question history (question.ts) ———
export const HISTORY_FIELDS = [
  'answer',
  'responseClassification',
  'includeInLibrary',
  'responseStatus',
  'assignedToUserId',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

// ——— User settings (user.ts) ———
/** The caller's e-mail switches (spec 002 §3 User settings). */
export const EMAIL_SETTINGS = [
  'sendEmailOnProjectAssigned',
  'sendEmailOnQuestionAssigned',
  'sendEmailOnBeingMentioned',
  'sendEmailOnBeingRepliedTo',
  'sendEmailOnProjectCreated',
  'sendEmailOnLibraryReviewDue',
] as const;
export type EmailSetting = (typeof EMAIL_SETTINGS)[number];
/** What a user who never saved settings gets: every e-mail about their own work, none about others'. */
export const DEFAULT_USER_SETTINGS: Record<EmailSetting, boolean> = {
  sendEmailOnProjectAssigned: true,
  sendEmailOnQuestionAssigned: true,
  sendEmailOnBeingMentioned: true,
  sendEmailOnBeingRepliedTo: true,
  sendEmailOnProjectCreated: false,
  sendEmailOnLibraryReviewDue: true,
};
