/**
 * Documents as the browser adds them: start the upload, POST the file to the presigned form, then
 * complete it.
 */
import { pdfBytes } from '../../scripts/fixtures/pdf';
import type { ApiClient } from './api-client';

export { pdfBytes };

type Caller = ReturnType<ApiClient['as']>;

function ok<T>(response: { status: number; body: { data?: unknown } }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

export interface NewDocument {
  fileName: string;
  documentName: string;
  documentTypeId?: string;
  expiresOn?: string;
  bytes?: Uint8Array;
  contentType?: string;
}

async function post(
  upload: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  contentType: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const posted = await fetch(upload.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`upload: HTTP ${posted.status}`);
}

/** Started and uploaded, not completed: the documentId to complete. */
export async function uploadDocument(as: Caller, document: NewDocument) {
  const contentType = document.contentType ?? 'application/pdf';
  const bytes = document.bytes ?? pdfBytes(document.documentName);
  const started = ok<{ documentId: string; upload: { url: string; fields: Record<string, string> } }>(
    await as.call('createDocument', {
      body: {
        fileName: document.fileName,
        contentType,
        documentName: document.documentName,
        documentTypeId: (document.documentTypeId ?? 'OTHER') as 'OTHER',
        ...(document.expiresOn ? { expiresOn: document.expiresOn } : {}),
      },
    }),
    'createDocument',
  );
  await post(started.upload, bytes, contentType);
  return started.documentId;
}

/** Uploaded and completed (and attached, with a target): the documentId. */
export async function addDocument(
  as: Caller,
  document: NewDocument,
  target: { projectId?: string; questionId?: string } = {},
) {
  const documentId = await uploadDocument(as, document);
  ok(await as.call('completeDocument', { params: { documentId }, body: target }), 'completeDocument');
  return documentId;
}

/** A new file for a document, uploaded and completed. */
export async function addDocumentVersion(
  as: Caller,
  documentId: string,
  file: { fileName: string; bytes?: Uint8Array; expiresOn?: string | null },
) {
  const started = ok<{ upload: { url: string; fields: Record<string, string> } }>(
    await as.call('uploadDocumentVersion', {
      params: { documentId },
      body: {
        fileName: file.fileName,
        contentType: 'application/pdf',
        ...(file.expiresOn !== undefined ? { expiresOn: file.expiresOn } : {}),
      },
    }),
    'uploadDocumentVersion',
  );
  await post(started.upload, file.bytes ?? pdfBytes(file.fileName), 'application/pdf');
  return ok(await as.call('completeDocument', { params: { documentId }, body: {} }), 'completeDocument');
}
