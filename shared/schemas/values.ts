/**
 * The plain values some schemas are built from (enumerations and limits), without zod, for code that
 * needs a value but not a validator: the table's entity models (functions/common/entities) and the
 * reply-mail reader, so that a background function's bundle does not carry zod for a list of
 * strings. Each schema module re-exports its own, so they are imported from there as before.
 */

// ——— Projects (project.ts) ———
export const PROJECT_PRIORITIES = ['LOW', 'NORMAL', 'HIGH'] as const;
export const PROJECT_STATUSES = ['IN-PROGRESS', 'COMPLETE'] as const;
export const ACCESS_VISIBILITIES = ['TEAM', 'PRIVATE'] as const;
export const PROJECT_TYPES = ['STANDARD', 'THIRD-PARTY'] as const;
export const DEAL_STATUSES = ['IN-PROGRESS', 'WON', 'LOST', 'UNKNOWN'] as const;
/** The two outcomes of a questionnaire (spec 001 leaves their names to us). */
export const PROJECT_OUTCOMES = ['PASSED', 'FAILED'] as const;

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

// ——— Sources (source.ts) ———
export const SOURCE_FORMATS = ['xlsx', 'csv', 'docx'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];
/**
 * UPLOADING: created, the file not yet completed. PROCESSING: accepted, being read by the
 * processing job. READY: sheets or document can be configured. FAILED: `failureReason` says why.
 */
export const SOURCE_STATUSES = ['UPLOADING', 'PROCESSING', 'READY', 'FAILED'] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

// ——— Discussion (discussion.ts) ———
export const COMMENT_MAX = 4000;
