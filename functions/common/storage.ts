/**
 * The uploads bucket: presigned PUTs for the browser, presigned GETs for reading, and the checks a
 * `complete` call makes on what was actually uploaded. The endpoint comes from AWS_ENDPOINT_URL_S3
 * when set (s3rver locally); path-style URLs work there and on AWS alike.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from './config';

// WHEN_REQUIRED: a presigned PUT must not demand a checksum the browser cannot compute.
const s3 = new S3Client({
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

export const UPLOAD_URL_SECONDS = 15 * 60;
export const READ_URL_SECONDS = 60 * 60;

/** A PUT URL with the content type signed, so the upload must carry exactly that type. */
export function presignUpload(key: string, contentType: string, expiresIn = UPLOAD_URL_SECONDS) {
  return getSignedUrl(
    s3,
    new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: contentType }),
    { expiresIn, signableHeaders: new Set(['content-type']) },
  );
}

export function presignDownload(key: string, expiresIn = READ_URL_SECONDS) {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key }), { expiresIn });
}

/** What was stored under `key`, or null when nothing was uploaded there. */
export async function inspectUpload(key: string): Promise<{ contentType: string; size: number } | null> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return { contentType: head.ContentType ?? '', size: head.ContentLength ?? 0 };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as Error).name === 'NotFound' || status === 404) return null;
    throw error;
  }
}

export async function deleteUpload(key: string) {
  await s3.send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
}
