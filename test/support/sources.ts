/**
 * Importing a questionnaire as the browser does: start the upload, POST the file to the presigned
 * form, complete it, and (for importSource) wait until the processing job made it READY.
 */
import type { LibraryFileState } from '../../shared/schemas/answer';
import { SOURCE_CONTENT_TYPES, type Source, sourceFormatOf } from '../../shared/schemas/source';
import type { ApiClient } from './api-client';
import { eventually } from './eventually';

type Caller = ReturnType<ApiClient['as']>;

function ok<T>(response: { status: number; body: { data?: unknown } }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

/** Started and uploaded, not completed: the source is UPLOADING. */
export async function uploadSource(
  as: Caller,
  projectId: string,
  fileName: string,
  bytes: Uint8Array,
  /** Upload it as the new version of this source of the project. */
  previousSourceId?: string,
) {
  // As the SPA does: the content type follows the name's format (an .xlsm is uploaded as a workbook).
  const format = sourceFormatOf(fileName);
  const contentType = format ? SOURCE_CONTENT_TYPES[format] : 'application/octet-stream';
  const body = { fileName, contentType, ...(previousSourceId ? { previousSourceId } : {}) };
  const created = ok<{ projectSourceId: string; upload: { url: string; fields: Record<string, string> } }>(
    await as.call('createSource', { params: { projectId }, body }),
    'createSource',
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(created.upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const posted = await fetch(created.upload.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`upload: HTTP ${posted.status}`);
  return created.projectSourceId;
}

/** Uploaded, completed and processed: the source as it is once READY (or FAILED, when `allowFailure`). */
export async function importSource(
  as: Caller,
  projectId: string,
  fileName: string,
  bytes: Uint8Array,
  options: { allowFailure?: boolean; previousSourceId?: string } = {},
): Promise<Source> {
  const projectSourceId = await uploadSource(as, projectId, fileName, bytes, options.previousSourceId);
  ok(await as.call('completeSource', { params: { projectId }, body: { projectSourceId } }), 'completeSource');
  return eventually(
    async () => {
      const source = ok<Source>(
        await as.call('getSource', { params: { projectId, projectSourceId } }),
        'getSource',
      );
      if (source.status === 'PROCESSING') throw new Error('still processing');
      if (source.status === 'FAILED' && !options.allowFailure)
        throw new Error(`FAILED: ${source.failureReason}`);
      return source;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
}

/** A library file started and uploaded, not completed (the importer's first two steps). */
export async function uploadLibraryFile(as: Caller, fileName: string, bytes: Uint8Array) {
  const contentType = SOURCE_CONTENT_TYPES[fileName.split('.').pop() as 'xlsx' | 'csv'];
  const started = ok<{ answerSourceId: string; upload: { url: string; fields: Record<string, string> } }>(
    await as.call('requestLibraryUpload', { body: { fileName, contentType } }),
    'requestLibraryUpload',
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(started.upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const posted = await fetch(started.upload.url, { method: 'POST', body: form });
  if (posted.status >= 300) throw new Error(`upload: HTTP ${posted.status}`);
  return started.answerSourceId;
}

/**
 * A library file uploaded, completed and read by the processing job: its final state (READY with
 * its sheets, or FAILED with the reason).
 */
export async function readLibraryFile(as: Caller, fileName: string, bytes: Uint8Array) {
  const answerSourceId = await uploadLibraryFile(as, fileName, bytes);
  const completed = ok<LibraryFileState>(
    await as.call('completeLibraryUpload', { params: { answerSourceId } }),
    'completeLibraryUpload',
  );
  const state = await eventually(
    async () => {
      const current = ok<LibraryFileState>(
        await as.call('getLibraryUpload', { params: { answerSourceId } }),
        'getLibraryUpload',
      );
      if (current.status === 'PROCESSING') throw new Error('still processing');
      return current;
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  return { answerSourceId, completed, state };
}
