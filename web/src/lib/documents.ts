/**
 * The document library's browser-side rules (spec 002 §2.3, §5, §8; spec 001 §4): what a chosen
 * file may be, the expiry badge, the upload's three steps and the texts of a failed upload. Pure
 * (the calls are handed in), so the Document Library, the question's Documents tab and the
 * project's Add Attachments dialog share one behaviour while each feature keeps its own API files.
 */
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  type DocumentType,
  EXPIRY_NOTICE_DAYS,
  type LibraryDocument,
} from '@shared/schemas/document';
import { isApiError } from './api-client';
import { daysFromToday, formatCalendarDate } from './dates';

/** The file input's `accept`: the kinds the server proves by their bytes. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

const EXTENSION = new RegExp(`\\.(${DOCUMENT_EXTENSIONS.join('|')})$`, 'i');

/** Why a chosen file cannot be uploaded (the spec's exact texts), or null. */
export function documentFileProblem(file: { name: string; size: number }): string | null {
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  if (!EXTENSION.test(file.name)) return DOCUMENT_MESSAGES.wrongType;
  return null;
}

/** The content type sent with the file: the browser's guess, or a neutral one when it has none. */
export const contentTypeOf = (file: { type: string }) => file.type || 'application/octet-stream';

export type DocumentTypeId = DocumentType['documentTypeId'];

/** What the upload form holds. */
export interface DocumentUploadValues {
  file: File | null;
  documentTypeId: DocumentTypeId | '';
  documentName: string;
  /** YYYY-MM-DD, or null for evidence that does not expire. */
  expiresOn: string | null;
}

export type DocumentUploadField = 'file' | 'documentTypeId' | 'documentName';

/** The form's errors by field (spec 002 §5): file, type (not the empty choice) and name required. */
export function documentUploadErrors(
  values: Pick<DocumentUploadValues, 'documentTypeId' | 'documentName'> & {
    file: { name: string; size: number } | null;
  },
): Partial<Record<DocumentUploadField, string>> {
  const errors: Partial<Record<DocumentUploadField, string>> = {};
  if (!values.file) errors.file = DOCUMENT_MESSAGES.fileRequired;
  else {
    const problem = documentFileProblem(values.file);
    if (problem) errors.file = problem;
  }
  if (!values.documentTypeId) errors.documentTypeId = DOCUMENT_MESSAGES.typeRequired;
  if (!values.documentName.trim()) errors.documentName = DOCUMENT_MESSAGES.nameRequired;
  return errors;
}

/**
 * The name after a type is chosen (spec 002 §2.3): the type's name when the name is still empty,
 * otherwise what the user wrote.
 */
export function nameForType(
  currentName: string,
  documentTypeId: string,
  types: readonly DocumentType[],
): string {
  if (currentName.trim()) return currentName;
  return types.find((t) => t.documentTypeId === documentTypeId)?.documentName ?? currentName;
}

type ExpiryState = NonNullable<LibraryDocument['expiryState']>;

/** Where a document stands against its expiry date: the server's word, else counted from today. */
export function expiryStateOf(
  document: { expiresOn?: string; expiryState?: ExpiryState },
  now: number = Date.now(),
): ExpiryState | null {
  if (!document.expiresOn) return null;
  if (document.expiryState) return document.expiryState;
  const days = daysFromToday(document.expiresOn, now);
  if (days === null) return null;
  if (days < 0) return 'EXPIRED';
  return days <= EXPIRY_NOTICE_DAYS ? 'EXPIRING' : 'VALID';
}

export interface ExpiryBadge {
  label: string;
  color: string;
  /** The full sentence, for a tooltip or a screen reader. */
  title: string;
}

/** The small badge beside a document's name: 'Expires {date}', 'Expiring' (orange) or 'Expired' (red). */
export function expiryBadge(
  document: { expiresOn?: string; expiryState?: ExpiryState },
  now: number = Date.now(),
): ExpiryBadge | null {
  const state = expiryStateOf(document, now);
  if (!state || !document.expiresOn) return null;
  const date = formatCalendarDate(document.expiresOn) || document.expiresOn;
  switch (state) {
    case 'EXPIRED':
      return { label: 'Expired', color: 'red', title: `Expired on ${date}` };
    case 'EXPIRING':
      return { label: 'Expiring', color: 'orange', title: `Expires on ${date}` };
    default:
      return { label: `Expires ${date}`, color: 'gray', title: `Expires on ${date}` };
  }
}

/** The library's documents that can still be attached: available ones not attached already. */
export function attachableDocuments<D extends { documentId: string; documentStatus: string }>(
  library: readonly D[],
  attached: readonly { document: { documentId: string } }[],
): D[] {
  const taken = new Set(attached.map((a) => a.document.documentId));
  return library.filter((d) => d.documentStatus === 'UPLOADED' && !taken.has(d.documentId));
}

/** 'Project', '3 questions', 'Project and 1 question': where a project's file is attached. */
export function attachedWhere(file: { onProject: boolean; usageCount: number }): string {
  const count = file.usageCount;
  const questions = count ? `${count} ${count === 1 ? 'question' : 'questions'}` : '';
  if (file.onProject && questions) return `Project and ${questions}`;
  return file.onProject ? 'Project' : questions || 'Not attached';
}

/** The text of a failed upload: the server's own document message when it sent one, else the upload error. */
export function documentUploadErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 413) return DOCUMENT_MESSAGES.tooLarge;
    const known = Object.values(DOCUMENT_MESSAGES) as string[];
    const field = Object.values(error.fieldErrors ?? {})
      .flat()
      .find((message) => known.includes(message));
    if (field) return field;
    if (known.includes(error.message)) return error.message;
    return DOCUMENT_MESSAGES.uploadError;
  }
  // The store refuses a body over the signed size range.
  if (error instanceof Error && / 413$/.test(error.message)) return DOCUMENT_MESSAGES.tooLarge;
  return DOCUMENT_MESSAGES.uploadError;
}

export type DocumentUploadStep = 'starting' | 'uploading' | 'checking';

export const UPLOAD_STEP_TEXT: Record<DocumentUploadStep, string> = {
  starting: 'Preparing the upload…',
  uploading: 'Uploading your file…',
  checking: 'Checking the file…',
};

interface Presigned {
  documentId: string;
  upload: { url: string; fields: Record<string, string> };
}

/** The three calls of an upload, supplied by the feature that uploads. */
export interface DocumentUploadCalls<R> {
  /** POST /api/documents/create (a new document) or /api/documents/{id}/upload (a new version). */
  start: (file: { fileName: string; contentType: string; sizeBytes: number }) => Promise<Presigned>;
  /** The multipart POST to the presigned address (web/src/lib/upload.ts). */
  send: (upload: Presigned['upload'], file: Blob) => Promise<void>;
  /** POST /api/documents/{documentId}/complete. */
  complete: (documentId: string) => Promise<R>;
}

/** Start, send, complete, in order, reporting each step. */
export async function uploadDocumentFile<R>(
  file: File,
  calls: DocumentUploadCalls<R>,
  onStep: (step: DocumentUploadStep) => void = () => undefined,
): Promise<R> {
  onStep('starting');
  const contentType = contentTypeOf(file);
  const started = await calls.start({ fileName: file.name, contentType, sizeBytes: file.size });
  onStep('uploading');
  await calls.send(started.upload, new Blob([file], { type: contentType }));
  onStep('checking');
  return calls.complete(started.documentId);
}

/** A date picker's lower bound for an expiry date: tomorrow (local time), as YYYY-MM-DD. */
export function firstExpiryDay(now: number = Date.now()): string {
  const today = new Date(now);
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** '812 B', '4.2 KB', '12 KB', '3.4 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
