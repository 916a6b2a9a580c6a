/**
 * Question sources (spec 001 §3, §4, §5, §7): the customer's questionnaire files (spreadsheets and
 * Word documents) imported into a project, how each sheet or document is configured into
 * questions, and the exports (project data, and the answered questionnaire written back into the
 * customer's own file). The SPA's forms validate with these schemas too.
 */
import * as z from 'zod';
import { Id } from '../routes/route';
import { ComplianceWording } from './project';

import {
  SOURCE_FORMATS,
  SOURCE_LIMITS,
  SOURCE_MESSAGES,
  SOURCE_STATUSES,
  SOURCE_VERSION_STATES,
  type SourceFormat,
} from './values';

export {
  SOURCE_FORMATS,
  SOURCE_LIMITS,
  SOURCE_MESSAGES,
  SOURCE_STATUSES,
  SOURCE_VERSION_STATES,
  type SourceFormat,
  type SourceStatus,
  type SourceVersionState,
} from './values';

/** The content type each accepted format is uploaded (and stored) with. */
export const SOURCE_CONTENT_TYPES: Record<SourceFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const SOURCE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * A macro-enabled workbook (.xlsm, as SIG questionnaires arrive) is an xlsx source whose bytes say
 * so: the main part of its [Content_Types].xml is a macroEnabled workbook. Its macros are never run;
 * its answered copy keeps this extension and type, and xl/vbaProject.bin byte for byte.
 */
export const MACRO_WORKBOOK = {
  extension: 'xlsm',
  contentType: 'application/vnd.ms-excel.sheet.macroEnabled.12',
} as const;

/** The extension of an accepted file name, or null (the name is only a hint; the bytes decide). */
export function sourceFormatOf(fileName: string): SourceFormat | null {
  const match = /\.([A-Za-z]+)$/.exec(fileName.trim());
  const extension = match?.[1].toLowerCase();
  if (extension === MACRO_WORKBOOK.extension) return 'xlsx';
  return (SOURCE_FORMATS as readonly string[]).includes(extension ?? '') ? (extension as SourceFormat) : null;
}

// ——— Spreadsheets ———

export const COLUMN_TYPES = [
  'IGNORE',
  'QUESTION',
  'ANSWER',
  'COMPLIANCE_STATUS',
  'REFERENCE_NUMBER',
  'INFORMATION',
  'SECTION',
  'IMPORTANCE',
  'COMPLIANCE_MARK',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];
export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  IGNORE: 'Ignore',
  QUESTION: 'Question',
  ANSWER: 'Answer',
  COMPLIANCE_STATUS: 'Compliance Status',
  REFERENCE_NUMBER: 'Reference Number',
  INFORMATION: 'Information',
  SECTION: 'Section',
  IMPORTANCE: 'Importance',
  COMPLIANCE_MARK: 'Compliance Mark',
};

const RowNumber = z.number().int().min(1).max(1_048_576);
const ColumnNumber = z.number().int().min(1).max(16_384);

export const ColumnClassification = z.strictObject({
  columnNumber: ColumnNumber,
  columnType: z.enum(COLUMN_TYPES),
});
export type ColumnClassification = z.infer<typeof ColumnClassification>;
export const RowInclusion = z.strictObject({ rowNumber: RowNumber, isLinked: z.boolean() });
export type RowInclusion = z.infer<typeof RowInclusion>;

/**
 * A sheet's cells as the user sees them in Excel: display text (numbers and dates formatted as
 * shown, formulas as their values, rich text as text). `rows` lists every row from 1 to the last
 * used one; `cells[i]` is column i + 1 ('' when empty). A merged range's text is in its top-left
 * cell. Served from storage (contentUrl), not through the API: a sheet can be megabytes.
 */
export const SheetContent = z.object({
  columns: z.array(
    z.object({
      columnNumber: z.number().int(),
      hidden: z.boolean().optional(),
      width: z.number().optional(),
    }),
  ),
  rows: z.array(
    z.object({
      rowNumber: z.number().int(),
      hidden: z.boolean().optional(),
      /** Every filled cell of the row is bold (a title row). */
      bold: z.boolean().optional(),
      cells: z.array(z.string()),
    }),
  ),
  merges: z.array(
    z.object({
      fromRow: z.number().int(),
      fromColumn: z.number().int(),
      toRow: z.number().int(),
      toColumn: z.number().int(),
    }),
  ),
  /**
   * The sheet's drop-down lists: the ranges each covers (never expanded to cells) and the values it
   * allows, resolved from an inline list, a range or a defined name (another sheet's, hidden or not).
   */
  validations: z
    .array(
      z.object({
        ranges: z.array(
          z.object({
            fromRow: z.number().int(),
            fromColumn: z.number().int(),
            toRow: z.number().int(),
            toColumn: z.number().int(),
          }),
        ),
        values: z.array(z.string()),
      }),
    )
    .optional(),
});
export type SheetContent = z.infer<typeof SheetContent>;

/** What layout detection proposes for a sheet that has not been configured yet. */
export const SheetLayout = z.object({
  /** The row holding the column titles, if one was found. */
  headerRow: z.number().int().nullable(),
  columnClassifications: z.array(ColumnClassification),
  /** The rows that hold questions (title blocks, instructions, blank and section rows left out). */
  questionRows: z.array(z.number().int()),
});
export type SheetLayout = z.infer<typeof SheetLayout>;

export const SheetSummary = z.object({
  sheetId: z.string(),
  sheetName: z.string(),
  sheetIndex: z.number().int(),
  hidden: z.boolean(),
  columnCount: z.number().int(),
  rowCount: z.number().int(),
  isLinked: z.boolean(),
  columnClassifications: z.array(ColumnClassification),
  /** False until the first save: the configuration screen then starts from `suggestion`. */
  configured: z.boolean(),
  /** Linked questions this sheet currently gives the project. */
  questionCount: z.number().int(),
  /** True while the processing job creates the questions of a save too large for one request. */
  applying: z.boolean(),
  /** Why the last such run stopped, until the sheet is saved again. */
  applyError: z.string().optional(),
  complianceWording: ComplianceWording.optional(),
  version: z.number().int(),
});
export type SheetSummary = z.infer<typeof SheetSummary>;

export const SheetDetail = SheetSummary.extend({
  /** The rows included as questions (isLinked true) or explicitly left out. */
  rowInclusion: z.array(RowInclusion),
  suggestion: SheetLayout,
  /** Short-lived GET of the sheet's SheetContent JSON. */
  contentUrl: z.string(),
});
export type SheetDetail = z.infer<typeof SheetDetail>;

export const ConfigureSheetRequest = z.strictObject({
  columnClassifications: z.array(ColumnClassification).max(SOURCE_LIMITS.columns),
  isLinked: z.boolean(),
  rowInclusion: z.array(RowInclusion).max(SOURCE_LIMITS.rows),
  /** The version the user edited; a stale one is refused with 409. */
  version: z.number().int().min(1).optional(),
});
export type ConfigureSheetRequest = z.infer<typeof ConfigureSheetRequest>;

// ——— Word documents ———

export const ANNOTATION_TYPES = ['QUESTION', 'ANSWER', 'COMPLIANCE', 'INFORMATION', 'REFERENCE'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
/** The markers dropped onto a node to link it to the selected question (spec 001 §9). */
export const ANNOTATION_MARKERS = { A: 'ANSWER', C: 'COMPLIANCE', I: 'INFORMATION', R: 'REFERENCE' } as const;
/** How far up from a dropped-on node the editor looks for a question or table row. */
export const ANCESTOR_SEARCH_DEPTH = 6;

/**
 * Node ids name one paragraph or one table cell of the original .docx, in document order:
 * `p<n>` is the n-th body paragraph, `t<n>.r<r>.c<c>` a table cell and `t<n>.r<r>` a table row
 * (tables nested in cells extend the path). Write-back finds the same place by the same walk.
 */
export const NodeId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9.]+$/, 'Invalid node id');

export const Annotation = z.strictObject({
  nodeId: NodeId,
  annotationType: z.enum(ANNOTATION_TYPES),
  /** For ANSWER, COMPLIANCE, INFORMATION and REFERENCE: the QUESTION node it belongs to. */
  parentNodeId: NodeId.optional(),
  inTable: z.boolean(),
  rowNodeId: NodeId.optional(),
  hasContent: z.boolean(),
  text: z.string().max(SOURCE_LIMITS.cellText),
});
export type Annotation = z.infer<typeof Annotation>;

export const DocumentConfiguration = z.strictObject({
  /** Questions found in a table row apply to the same column of every row of that table. */
  documentTableFillEnabled: z.boolean(),
  /** ...and to every table of the document with the same header. */
  tableFillEnabled: z.boolean(),
});
export type DocumentConfiguration = z.infer<typeof DocumentConfiguration>;

/** One paragraph or table cell of a document, as the editor and write-back address it. */
export const DocumentNode = z.object({
  nodeId: z.string(),
  kind: z.enum(['paragraph', 'cell', 'row', 'table']),
  text: z.string(),
  parentNodeId: z.string().optional(),
  /** For cells: their row, and their column within it (from 1). */
  rowNodeId: z.string().optional(),
  columnNumber: z.number().int().optional(),
  /** The numbering label Word shows before a paragraph ('1.2', 'a)'), if any. */
  numbering: z.string().optional(),
  /** Automatic numbering's full number, every level of the list ('3.a' for item a. under 3.). */
  reference: z.string().optional(),
  /** Automatic numbering's list (its w:numId): sub-items numbered by a list of their own are told apart by it. */
  list: z.string().optional(),
  /** A heading's level (Heading 1 → 1, or the paragraph's outline level + 1). */
  headingLevel: z.number().int().optional(),
});
export type DocumentNode = z.infer<typeof DocumentNode>;

/** The converted document: sanitised HTML whose elements carry data-node-id, and its nodes. Served from storage. */
export const DocumentContent = z.object({ html: z.string(), nodes: z.array(DocumentNode) });
export type DocumentContent = z.infer<typeof DocumentContent>;

export const DocumentDetail = z.object({
  sourceDocumentId: z.string(),
  isLinked: z.boolean(),
  configuration: DocumentConfiguration,
  annotations: z.array(Annotation),
  configured: z.boolean(),
  /** Questions found by detection, offered when the document has not been configured yet. */
  suggestion: z.array(Annotation),
  questionCount: z.number().int(),
  complianceWording: ComplianceWording.optional(),
  version: z.number().int(),
  /** Short-lived GET of the DocumentContent JSON. */
  contentUrl: z.string(),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

export const ConfigureDocumentRequest = z.strictObject({
  annotations: z.array(Annotation).max(SOURCE_LIMITS.annotations),
  configuration: DocumentConfiguration,
  isLinked: z.boolean(),
  version: z.number().int().min(1).optional(),
});
export type ConfigureDocumentRequest = z.infer<typeof ConfigureDocumentRequest>;

// ——— Sources ———

export const Source = z.object({
  projectSourceId: z.string(),
  fileName: z.string(),
  fileFormat: z.enum(SOURCE_FORMATS),
  /** An xlsx source whose bytes are a macro-enabled workbook (.xlsm), whatever its name. */
  macroEnabled: z.boolean().optional(),
  status: z.enum(SOURCE_STATUSES),
  /** Why the file could not be read, in words a user can act on (FAILED only). */
  failureReason: z.string().optional(),
  sizeBytes: z.number().int().optional(),
  createdAt: z.string(),
  createdByUserId: z.string(),
  updatedAt: z.string(),
  complianceWording: ComplianceWording.optional(),
  sheets: z.array(SheetSummary),
  document: z
    .object({
      sourceDocumentId: z.string(),
      isLinked: z.boolean(),
      configured: z.boolean(),
      questionCount: z.number().int(),
    })
    .optional(),
  /** A new version of another source of the project: that source, and where the change stands. */
  previousSourceId: z.string().optional(),
  versionState: z.enum(SOURCE_VERSION_STATES).optional(),
  /** Why the last comparison or application stopped (the state is then back where it was). */
  versionError: z.string().optional(),
  /** An earlier version whose questions moved to this newer source. */
  replacedBySourceId: z.string().optional(),
  /** A plain upload whose sheets match another source of the project: offered as its new version. */
  matchesSourceId: z.string().optional(),
});
export type Source = z.infer<typeof Source>;

export const CreateSourceRequest = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(256)
    .refine((name) => sourceFormatOf(name) !== null, SOURCE_MESSAGES.uploadError),
  contentType: z.string().trim().max(256),
  sizeBytes: z.number().int().min(0).max(SOURCE_MAX_BYTES, SOURCE_MESSAGES.tooLarge).optional(),
  /** Upload a new version of this source of the project (its questions carry over once applied). */
  previousSourceId: Id.optional(),
});
export type CreateSourceRequest = z.infer<typeof CreateSourceRequest>;

/** The spec's `uploadUrl` is a presigned POST here (the size range and type are enforced by the store). */
export const CreatedSource = z.object({
  projectSourceId: z.string(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});
export type CreatedSource = z.infer<typeof CreatedSource>;

export const CompleteSourceRequest = z.strictObject({ projectSourceId: Id });

// ——— New versions of a questionnaire ———

export const SOURCE_VERSION_MESSAGES = {
  notAVersion: 'This file is not a new version of another file',
  formatDiffers: 'A new version must be the same kind of file as the previous one',
  previousGone: 'The previous version of this file no longer exists',
  previousNotReady: 'The previous version of this file is not ready yet',
  replaced: 'This file was replaced by a newer version',
  alreadyNewer: 'This file already has a newer version being reviewed',
  inReview: 'This file is a new version under review. Apply or discard it first.',
  notInReview: 'This new version is not waiting for review',
  alreadyConfigured: 'This file already gives the project questions, so it cannot become a new version',
  compareFailed: 'We could not compare this file with its previous version. Discard it and upload it again.',
} as const;

export const COMPARE_VERSION_KINDS = ['UNCHANGED', 'REWORDED', 'NEW', 'REMOVED'] as const;
export type CompareVersionKind = (typeof COMPARE_VERSION_KINDS)[number];

export const VersionChange = z.object({
  kind: z.enum(COMPARE_VERSION_KINDS),
  /** The existing question (UNCHANGED, REWORDED, REMOVED). */
  questionId: z.string().optional(),
  referenceNumber: z.string().optional(),
  /** Where the question is in the new file (UNCHANGED, REWORDED, NEW). */
  sheetName: z.string().optional(),
  rowNumber: z.number().int().optional(),
  previousQuestion: z.string().optional(),
  question: z.string().optional(),
  /** The existing question has an answer (it is carried over, or kept in its history when removed). */
  answered: z.boolean(),
});
export type VersionChange = z.infer<typeof VersionChange>;

export const SourceVersionDiff = z.object({
  projectSourceId: z.string(),
  fileName: z.string(),
  previous: z.object({ projectSourceId: z.string(), fileName: z.string() }),
  versionState: z.enum(SOURCE_VERSION_STATES),
  counts: z.object({
    unchanged: z.number().int(),
    reworded: z.number().int(),
    new: z.number().int(),
    removed: z.number().int(),
  }),
  /** In the new file's order, removed questions last. */
  changes: z.array(VersionChange),
});
export type SourceVersionDiff = z.infer<typeof SourceVersionDiff>;

export const CompareVersionRequest = z.strictObject({ previousSourceId: Id });
export type CompareVersionRequest = z.infer<typeof CompareVersionRequest>;

export const ConfigureResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unlinked: z.number().int(),
  /** Linked questions the sheet or document now gives the project (or will, once applied). */
  questionCount: z.number().int(),
  version: z.number().int(),
  /**
   * True when the save was too large to apply in the request: the questions are being created in
   * the background (the counts are then 0) and SOURCE_UPDATED follows when they are.
   */
  applying: z.boolean(),
});
export type ConfigureResult = z.infer<typeof ConfigureResult>;

// ——— Downloads and exports ———

/** A short-lived link to a file, with the name the browser saves it as. */
export const FileLink = z.object({ url: z.string(), fileName: z.string() });
export type FileLink = z.infer<typeof FileLink>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/**
 * DATA: the project's questions as a CSV or XLSX table. SOURCE: the answered questionnaire, the
 * customer's own file with the answers and compliance wording written into the mapped places.
 */
/** How an answered CSV is written: in the file's own encoding (the default), or as UTF-8 instead. */
export const EXPORT_ENCODINGS = ['original', 'utf-8'] as const;
export const ExportRequest = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('DATA'), format: z.enum(EXPORT_FORMATS) }),
  z.strictObject({
    kind: z.literal('SOURCE'),
    projectSourceId: Id,
    encoding: z.enum(EXPORT_ENCODINGS).optional(),
  }),
]);
export type ExportRequest = z.infer<typeof ExportRequest>;

export const EXPORT_PREVIEW_ROWS = 20;
/** One question the answered file cannot take as it is, and why (plain words). */
export const ExportProblem = z.object({
  questionId: z.string(),
  referenceNumber: z.string().optional(),
  message: z.string(),
});
export type ExportProblem = z.infer<typeof ExportProblem>;
export const EXPORT_NOT_ALLOWED_SHOWN = 100;
export const ExportPreview = z.object({
  fileName: z.string(),
  columns: z.array(z.string()),
  /** The first EXPORT_PREVIEW_ROWS rows, as they will be written. */
  rows: z.array(z.array(z.string())),
  questionCount: z.number().int(),
  answeredCount: z.number().int(),
  /** What the answered file will not hold as the project does, question by question (shown before download). */
  problems: z.array(ExportProblem).optional(),
  /**
   * A CSV in a legacy encoding that cannot hold some characters of the answers: its encoding and those
   * characters. Exporting it then needs `encoding: 'utf-8'` (the original encoding is refused, never
   * written with '?').
   */
  unrepresentable: z.object({ encoding: z.string(), characters: z.array(z.string()) }).optional(),
  /**
   * Questions whose classification the drop-down (or mark columns) of their compliance cell has no
   * value for: their cell is left as it was.
   */
  notAllowed: z
    .array(z.object({ location: z.string(), question: z.string(), compliance: z.string() }))
    .max(EXPORT_NOT_ALLOWED_SHOWN)
    .optional(),
  /** How many such questions there are in all (notAllowed lists the first EXPORT_NOT_ALLOWED_SHOWN). */
  notAllowedCount: z.number().int().optional(),
});
export type ExportPreview = z.infer<typeof ExportPreview>;

/** The columns of the DATA export, in order. */
export const DATA_EXPORT_COLUMNS = [
  'Reference Number',
  'Section',
  'Question',
  'Answer',
  'Compliance',
  'Status',
  'Assigned To',
  'Information',
  'Source',
] as const;
