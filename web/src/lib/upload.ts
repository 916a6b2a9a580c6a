import type { PresignedUpload } from '@shared/schemas/common';

/**
 * Sends a file to a presigned POST (every upload of the product): the signed fields first, the
 * file last, and no Authorization header (the signed policy is the credential; the store refuses
 * another size range or Content-Type than the one signed).
 */
export async function uploadFile(upload: PresignedUpload, file: Blob, signal?: AbortSignal): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(upload.url, { method: 'POST', body: form, credentials: 'omit', signal });
  if (!response.ok) throw new Error(`The upload answered ${response.status}`);
}
