/**
 * The source import's first steps (spec 001 §4): start (source/create), send the file to the
 * presigned POST, complete. Pure checks first: the name's format and the 25 MB limit, so a file
 * the server would refuse is refused before any byte leaves the browser.
 */
import {
  SOURCE_CONTENT_TYPES,
  SOURCE_MAX_BYTES,
  SOURCE_MESSAGES,
  type Source,
  sourceFormatOf,
} from '@shared/schemas/source';
import { type CompleteSourceInput, useCompleteSource } from '@/features/projects/api/complete-source';
import { type CreateSourceInput, useCreateSource } from '@/features/projects/api/create-source';
import { isApiError } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload';

export const ACCEPTED_EXTENSIONS = '.xlsx,.xlsm,.csv,.docx';

/** Why a chosen file cannot be uploaded (the spec's exact texts), or null. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (sourceFormatOf(file.name) === null) return SOURCE_MESSAGES.uploadError;
  if (file.size > SOURCE_MAX_BYTES) return SOURCE_MESSAGES.tooLarge;
  return null;
}

/** The text of a failed upload: too large when the server or the store said so, else the upload error. */
export function uploadErrorText(error: unknown): string {
  if (isApiError(error) && error.status === 413) return SOURCE_MESSAGES.tooLarge;
  if (error instanceof Error && / 413$/.test(error.message)) return SOURCE_MESSAGES.tooLarge;
  return SOURCE_MESSAGES.uploadError;
}

export type UploadStep = 'starting' | 'uploading' | 'checking';

export interface UploadCalls {
  createSource: (input: CreateSourceInput) => Promise<{
    projectSourceId: string;
    upload: { url: string; fields: Record<string, string> };
  }>;
  uploadFile: (upload: { url: string; fields: Record<string, string> }, file: Blob) => Promise<void>;
  completeSource: (input: CompleteSourceInput) => Promise<Source>;
}

/** The three calls as the screens make them (the Add File dialog, Upload a new version). */
export function useUploadCalls(): UploadCalls {
  const create = useCreateSource();
  const complete = useCompleteSource();
  return {
    createSource: create.mutateAsync,
    uploadFile: (presigned, blob) => uploadFile(presigned, blob),
    completeSource: complete.mutateAsync,
  };
}

/** Runs the three calls in order, reporting each step; the content type follows the name's format. */
export async function uploadSource(
  projectId: string,
  file: File,
  calls: UploadCalls,
  onStep: (step: UploadStep) => void = () => undefined,
  /** Upload the file as the new version of this source. */
  previousSourceId?: string,
): Promise<Source> {
  const format = sourceFormatOf(file.name);
  if (!format) throw new Error(SOURCE_MESSAGES.uploadError);
  onStep('starting');
  const contentType = SOURCE_CONTENT_TYPES[format];
  const created = await calls.createSource({
    projectId,
    fileName: file.name,
    contentType,
    sizeBytes: file.size,
    ...(previousSourceId ? { previousSourceId } : {}),
  });
  onStep('uploading');
  await calls.uploadFile(created.upload, new Blob([file], { type: contentType }));
  onStep('checking');
  return calls.completeSource({ projectId, projectSourceId: created.projectSourceId });
}
