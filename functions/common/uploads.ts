/**
 * Every browser upload of the product goes through here, once (photos now; questionnaires,
 * documents, library files and logos later):
 *
 * 1. `startUpload` gives the browser a presigned POST for a fresh staging key (`staging/…`), with
 *    the size range and the exact Content-Type in the signed policy, so S3 refuses anything else.
 *    Staged objects expire after a day (bucket lifecycle), so an upload never completed is gone.
 * 2. `acceptUpload` (the route's `complete`) trusts nothing the browser said: it checks the stored
 *    size, reads the first bytes and identifies the file by its magic numbers (file-type), then
 *    copies it to its final key with the content type the bytes proved and deletes the staged
 *    object. The final key never had an upload URL, so nothing can be written over an accepted file.
 */
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { NotFoundError, PayloadTooLargeError, UnprocessableError } from './errors';
import { copyUpload, deleteUpload, inspectUpload, presignPost, readHead } from './storage';

export const STAGING_PREFIX = 'staging/';
/** Enough bytes to identify every accepted format (an Office file's zip directory included). */
const SNIFF_BYTES = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What one kind of upload accepts, and what users are told otherwise. */
export interface UploadRule {
  maxBytes: number;
  /** Content types the bytes may prove (text/csv: UTF-8 text with no magic number). */
  types: readonly string[];
  tooLarge: string;
  wrongType: string;
}

/** A staging key of the owner's (e.g. `users/<userId>`), with a generated name. */
export const newStagingKey = (owner: string) => `${STAGING_PREFIX}${owner}/${randomUUID()}`;

/** Only a key this owner could have been given: their staging prefix and a generated name. */
export const isStagingKeyOf = (key: string, owner: string) =>
  key.startsWith(`${STAGING_PREFIX}${owner}/`) && UUID.test(key.slice(`${STAGING_PREFIX}${owner}/`.length));

export async function startUpload(owner: string, contentType: string, rule: UploadRule) {
  const key = newStagingKey(owner);
  return { key, upload: await presignPost(key, contentType, rule.maxBytes) };
}

/** The content type the bytes prove, if it is one the rule accepts. */
export async function sniff(head: Uint8Array, types: readonly string[]): Promise<string | null> {
  // A UTF-16 BOM (FF FE) looks like an MPEG frame to magic-number sniffing: text is decided first.
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (utf16 && types.includes('text/csv')) return isText(head) ? 'text/csv' : null;
  const detected = await fileTypeFromBuffer(head);
  if (detected) return types.includes(detected.mime) ? detected.mime : null;
  if (types.includes('text/csv') && isText(head)) return 'text/csv';
  return null;
}

/**
 * Text, as a CSV is: UTF-16 with its BOM, or bytes without NUL that are UTF-8 or read as
 * Windows-1252 with almost no control characters (binary data has many). A cut multi-byte
 * character at the end of the head is fine.
 */
function isText(head: Uint8Array) {
  if (head.length === 0) return false;
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (utf16) {
    const text = new TextDecoder(head[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(
      head.subarray(2, head.length - (head.length % 2)),
    );
    return !text.includes('\u0000') && fewControls(text);
  }
  if (head.includes(0)) return false;
  try {
    return fewControls(
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4))),
    );
  } catch {
    return fewControls(new TextDecoder('latin1').decode(head));
  }
}

function fewControls(text: string) {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 9 || (code > 13 && code < 32) || code === 0xfffd) controls++;
  }
  return controls <= text.length / 100;
}

/**
 * Checks a staged upload and moves it to `finalKey`; a rejected upload is deleted. Answers 404
 * when nothing (or nothing any more) is staged under `stagingKey`.
 */
export async function acceptUpload(
  stagingKey: string,
  finalKey: string,
  rule: UploadRule,
  /** Sees the whole refused file (at most rule.maxBytes) before it is deleted, e.g. to say why. */
  onRefused?: (bytes: Uint8Array) => Promise<void> | void,
) {
  const stored = await inspectUpload(stagingKey);
  if (!stored) throw new NotFoundError('Upload not found');
  if (stored.size > rule.maxBytes) {
    await deleteUpload(stagingKey);
    throw new PayloadTooLargeError(rule.tooLarge);
  }
  const contentType =
    stored.size > 0 ? await sniff(await readHead(stagingKey, SNIFF_BYTES), rule.types) : null;
  if (!contentType) {
    await onRefused?.(stored.size > 0 ? await readHead(stagingKey, stored.size) : new Uint8Array());
    await deleteUpload(stagingKey);
    throw new UnprocessableError(rule.wrongType);
  }
  await copyUpload(stagingKey, finalKey, contentType);
  await deleteUpload(stagingKey);
  return { key: finalKey, contentType, size: stored.size };
}
