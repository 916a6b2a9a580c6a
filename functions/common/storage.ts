/**
 * The uploads bucket's primitives: presigned POSTs for the browser, presigned GETs for reading,
 * and the reads, copies and deletes the upload checks make (see uploads.ts). The endpoint comes
 * from AWS_ENDPOINT_URL_S3 when set (s3rver locally); path-style URLs work there and on AWS alike.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PresignedUpload } from '../../shared/schemas/common';
import { clientFor } from './aws-client';
import { config } from './config';

/**
 * The S3 client (the uploads bucket's, and the inbound mail's reader). WHEN_REQUIRED: a presigned
 * PUT must not demand a checksum the browser cannot compute.
 */
export const s3Client = clientFor(
  ['AWS_ENDPOINT_URL_S3'],
  () =>
    new S3Client({
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
);

export const UPLOAD_URL_SECONDS = 15 * 60;
export const READ_URL_SECONDS = 60 * 60;

/**
 * A POST policy for exactly one key: S3 refuses a body outside 1..maxBytes and any Content-Type
 * but the one signed, for the policy's whole lifetime.
 */
export async function presignPost(
  key: string,
  contentType: string,
  maxBytes: number,
  expiresIn = UPLOAD_URL_SECONDS,
): Promise<PresignedUpload> {
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: config.uploadsBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: expiresIn,
  });
  return { url, fields };
}

/**
 * A presigned GET of `key`. With `fileName`, the response asks the browser to save the file under
 * that name (Content-Disposition: attachment), whatever the key is called.
 */
export function presignDownload(
  key: string,
  expiresIn = READ_URL_SECONDS,
  options: { fileName?: string } = {},
) {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      ...(options.fileName ? { ResponseContentDisposition: attachmentDisposition(options.fileName) } : {}),
    }),
    { expiresIn },
  );
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form (any language). */
export function attachmentDisposition(fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The whole object under `key` (an accepted source, an export); null when there is none. */
export async function readObjectBytes(key: string): Promise<Uint8Array | null> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return object.Body ? object.Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as Error).name === 'NoSuchKey' || status === 404) return null;
    throw error;
  }
}

/** Stores bytes the server wrote itself (an export) under `key`. */
export async function writeObjectBytes(key: string, body: Uint8Array, contentType: string) {
  await s3Client().send(
    new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: body, ContentType: contentType }),
  );
}

/** What was stored under `key`, or null when nothing was uploaded there. */
export async function inspectUpload(key: string): Promise<{ contentType: string; size: number } | null> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return { contentType: head.ContentType ?? '', size: head.ContentLength ?? 0 };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as Error).name === 'NotFound' || status === 404) return null;
    throw error;
  }
}

/** The first `bytes` of an object (its magic numbers). */
export async function readHead(key: string, bytes: number): Promise<Uint8Array> {
  const object = await s3Client().send(
    new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
  );
  return object.Body ? object.Body.transformToByteArray() : new Uint8Array();
}

/** Copies an object to its final key with the content type the bytes proved. */
export async function copyUpload(from: string, to: string, contentType: string) {
  await s3Client().send(
    new CopyObjectCommand({
      Bucket: config.uploadsBucket,
      CopySource: `${config.uploadsBucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      Key: to,
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
}

export async function deleteUpload(key: string) {
  await s3Client().send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
}
