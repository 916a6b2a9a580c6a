/**
 * PUT the chosen file to the presigned upload URL: the signed Content-Type, and no Authorization
 * header (the signature in the URL is the credential; a token would be refused by the store).
 */
export async function uploadPhotoFile(uploadUrl: string, file: File, signal?: AbortSignal): Promise<void> {
  const response = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': file.type },
    body: file,
    credentials: 'omit',
    signal,
  });
  if (!response.ok) throw new Error(`The photo upload answered ${response.status}`);
}
