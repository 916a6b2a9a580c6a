/**
 * The document library and attachments (spec 002 §2.3, §3, §4, §5, §7.3; spec 001 §3 attached
 * document link, §4, §7): evidence files of the team, attached to projects and questions, with
 * versions and an optional expiry date.
 */
import * as z from 'zod';
import { IsoDate } from './project';
import { DOCUMENT_STATUSES, DOCUMENT_TYPE_IDS, DOCUMENT_TYPES, type DocumentStatus } from './values';

export { DOCUMENT_STATUSES, DOCUMENT_TYPE_IDS, DOCUMENT_TYPES, type DocumentStatus };

/** 25 MB (spec 002 §5, §9). */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const DOCUMENT_NAME_MAX = 120;
export const FILE_NAME_MAX = 255;
/** Notices go out this many days before a document expires, and on the day. */
export const EXPIRY_NOTICE_DAYS = 30;

export const DOCUMENT_MESSAGES = {
  tooLarge: 'That file is too large. We allow up to 25MB.',
  wrongType:
    'There was an error uploading your file. Please check the file is a supported format and can be opened on your computer.',
  typesError: 'There was an error retrieving the document types',
  uploadError: 'There was an error uploading your file',
  listError: 'There was an error retrieving your library of documents',
  archiveError: 'There was an error archiving that document',
  reinstateError: 'There was an error reinstating that document',
  attachedError: 'There was an error retrieving attached documents',
  removeError: 'There was an error removing that document',
  attachError: 'There was an error attaching that document',
  notFound: 'That document does not exist',
  archived: 'That document is archived. Make it available before attaching it.',
  nameRequired: 'Please give the document a name',
  typeRequired: 'Please choose a document type',
  fileRequired: 'Please choose a file',
} as const;

/** The confirmation before removing a file attached to more than one question (spec 001 §4). */
export const removeFileConfirmation = (questions: number) =>
  `This file is attached to ${questions} Question(s). By continuing, you will remove it from all attached questions.`;

export const DocumentTypeId = z.enum(DOCUMENT_TYPE_IDS, { error: DOCUMENT_MESSAGES.typeRequired });
export type DocumentTypeId = z.infer<typeof DocumentTypeId>;
export const DocumentType = z.object({ documentTypeId: DocumentTypeId, documentName: z.string() });
export type DocumentType = z.infer<typeof DocumentType>;

/**
 * What the server accepts, proved by the file's bytes: PDF, Office files (current and legacy),
 * raster images and plain text. The extension only has to name one of these kinds.
 */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
  'ppt',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'txt',
  'csv',
  'md',
] as const;
const EXTENSION = new RegExp(`\\.(${DOCUMENT_EXTENSIONS.join('|')})$`, 'i');

export const FileName = z
  .string({ error: DOCUMENT_MESSAGES.fileRequired })
  .trim()
  .min(1, DOCUMENT_MESSAGES.fileRequired)
  .max(FILE_NAME_MAX)
  .refine((name) => EXTENSION.test(name), DOCUMENT_MESSAGES.wrongType);
export const DocumentName = z
  .string({ error: DOCUMENT_MESSAGES.nameRequired })
  .trim()
  .min(1, DOCUMENT_MESSAGES.nameRequired)
  .max(DOCUMENT_NAME_MAX);
const ContentType = z.string().trim().max(256);

/** Where a document stands against its expiry date (none without one). */
export const EXPIRY_STATES = ['VALID', 'EXPIRING', 'EXPIRED'] as const;

export const LibraryDocument = z.object({
  documentId: z.string(),
  documentName: z.string(),
  documentTypeId: DocumentTypeId,
  fileName: z.string(),
  /** A short-lived presigned GET of the current version. */
  accessUrl: z.string(),
  documentStatus: z.enum(DOCUMENT_STATUSES),
  createdByUserId: z.string(),
  updatedByUserId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** The current file's number; earlier files stay in the history. */
  fileVersion: z.number().int(),
  /** The item's version, for optimistic updates. */
  version: z.number().int(),
  /** YYYY-MM-DD, when the evidence stops being valid. */
  expiresOn: z.string().optional(),
  expiryState: z.enum(EXPIRY_STATES).optional(),
});
export type LibraryDocument = z.infer<typeof LibraryDocument>;

export const DocumentVersion = z.object({
  fileVersion: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedByUserId: z.string(),
  createdAt: z.string(),
  accessUrl: z.string(),
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;

export const CreateDocumentRequest = z.strictObject({
  fileName: FileName,
  contentType: ContentType,
  documentName: DocumentName,
  documentTypeId: DocumentTypeId,
  expiresOn: IsoDate.optional(),
  sizeBytes: z.number().int().min(0).max(DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES.tooLarge).optional(),
});
export type CreateDocumentRequest = z.infer<typeof CreateDocumentRequest>;

/** A new file for an existing document (its next version). */
export const UploadVersionRequest = z.strictObject({
  fileName: FileName,
  contentType: ContentType,
  sizeBytes: z.number().int().min(0).max(DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES.tooLarge).optional(),
  /** A renewed certificate usually comes with a new expiry date; null clears it. */
  expiresOn: IsoDate.nullable().optional(),
});

export const DocumentUpload = z.object({
  documentId: z.string(),
  /** A presigned POST (see PresignedUpload); `uploadUrl` is its address. */
  uploadUrl: z.string(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});

/** Completing an upload can attach the document at once (the question's upload dialog). */
export const CompleteDocumentRequest = z.strictObject({
  projectId: z.string().max(128).optional(),
  questionId: z.string().max(128).optional(),
});

export const UpdateDocumentRequest = z
  .strictObject({
    version: z.number().int().min(1),
    documentName: DocumentName.optional(),
    documentTypeId: DocumentTypeId.optional(),
    expiresOn: IsoDate.nullable().optional(),
  })
  .refine(
    (b) => b.documentName !== undefined || b.documentTypeId !== undefined || b.expiresOn !== undefined,
    {
      message: 'Give a name, a type or an expiry date to change',
    },
  );

// ——— Attachments (spec 001 §3 attached document link) ———

export const AttachedDocument = z.object({
  link: z.object({
    questionDocumentId: z.string(),
    documentId: z.string(),
    /** Absent for a file attached to the project itself. */
    questionId: z.string().optional(),
    createdByUserId: z.string(),
    createdAt: z.string(),
  }),
  document: z.object({
    documentId: z.string(),
    documentName: z.string(),
    fileName: z.string(),
    updatedAt: z.string(),
    documentStatus: z.enum(DOCUMENT_STATUSES),
    expiresOn: z.string().optional(),
    expiryState: z.enum(EXPIRY_STATES).optional(),
  }),
  accessUrl: z.string(),
  /** How many questions of the project the document is attached to. */
  usageCount: z.number().int(),
});
export type AttachedDocument = z.infer<typeof AttachedDocument>;

/** One document of a project's files (GET /files/{projectId}): where it is attached. */
export const ProjectFile = AttachedDocument.extend({
  onProject: z.boolean(),
  questionIds: z.array(z.string()),
});
export type ProjectFile = z.infer<typeof ProjectFile>;

export const AttachDocumentRequest = z.strictObject({ documentId: z.string().min(1).max(128) });
/**
 * Without questionDocumentId: the document leaves the project entirely (the project itself and every
 * question it is attached to), as the Project Files dialog's Remove does after its confirmation.
 */
export const RemoveDocumentRequest = z.strictObject({
  documentId: z.string().min(1).max(128),
  questionDocumentId: z.string().min(1).max(300).optional(),
});
