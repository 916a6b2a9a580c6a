/**
 * The inboundMail function (shared/background-functions.ts): SES receiving stores each message
 * sent to the reply domain in the inbound bucket; the bucket's ObjectCreated event invokes this,
 * which reads the raw message and hands it to receiveReply. Locally the SMTP listener stores each
 * message it takes in the emulated inbound bucket and invokes this the same way. A rejected message
 * is logged and dropped; a failure to read it is retried by Lambda. Resolves to each outcome.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { s3Client } from '../common/storage';
import { type ReplyOutcome, receiveReply } from './reply-mail';

export const handler = async (event: S3Event): Promise<ReplyOutcome[]> => {
  const outcomes: ReplyOutcome[] = [];
  for (const record of event.Records) {
    const Bucket = record.s3.bucket.name;
    const Key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const object = await s3Client().send(new GetObjectCommand({ Bucket, Key }));
    const raw = Buffer.from(await object.Body!.transformToByteArray());
    outcomes.push(await receiveReply(raw));
  }
  return outcomes;
};
