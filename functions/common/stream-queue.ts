/**
 * The edge between a consumer's queue and the code that handles stream records. The stream
 * dispatcher (functions/dispatcher/handler.ts) sends each change of the table's stream, in Lambda's
 * DynamoDBRecord shape, to the queue of each consumer that takes it (the reactions, the jobs); a
 * consumer's Lambda receives an SQSEvent. `fromStreamQueue` unwraps the records (unpacking the
 * reactions' packed messages, fetching an oversized one from where the dispatcher put it), hands them to the unchanged stream-record logic
 * and answers an SQSBatchResponse: a failing record is reported alone (by its message id), the
 * others are deleted from the queue; SQS retries the failed one and, after maxReceiveCount, moves it
 * to the consumer's dead-letter queue. Before reporting a failed message it is given a short
 * visibility timeout (ChangeMessageVisibility, `retryBackoffSeconds`: a few seconds, doubling with
 * each receive), so a transient failure is retried within seconds rather than after the queue's
 * whole visibility timeout (6 × the function's timeout, lib/constructs/stream-queue.ts); a poison
 * message still reaches the dead-letter queue after maxReceiveCount receives, only sooner. The
 * function's role may do this on its own queue only (the SQS event source's grant). On a FIFO queue (the reactions', ordered per partition) the
 * messages after a failed one in the same group and the same batch are handled and not reported:
 * reporting them would count a receive against each of them too, so a poison record would carry its
 * innocent batch-mates into the dead-letter queue with it; SQS still holds back the group's later
 * messages while the failed one waits for its retry.
 */

import { ChangeMessageVisibilityCommand, SQSClient } from '@aws-sdk/client-sqs';
import type {
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { STREAM_RECORD_PREFIX, type StreamMessage } from '../../shared/stream-routing';
import { clientFor } from './aws-client';
import { logger } from './logger';
import { readObjectBytes, writeObjectBytes } from './storage';

const sqs = clientFor(['AWS_ENDPOINT_URL_SQS'], () => new SQSClient({}));

/**
 * The base of the retry backoff in seconds (STREAM_RETRY_BACKOFF_SECONDS; the local runner sets 0, so
 * its retries come at once). A failed message is hidden base × 2^(receives − 1) seconds, at most
 * RETRY_BACKOFF_MAX_SECONDS.
 */
export const RETRY_BACKOFF_BASE_SECONDS = 2;
export const RETRY_BACKOFF_MAX_SECONDS = 300;

/** The visibility timeout a message failed on its `receiveCount`-th receive is given. */
export function retryBackoffSeconds(receiveCount: number): number {
  const configured = Number(process.env.STREAM_RETRY_BACKOFF_SECONDS);
  const base =
    process.env.STREAM_RETRY_BACKOFF_SECONDS && Number.isFinite(configured) && configured >= 0
      ? configured
      : RETRY_BACKOFF_BASE_SECONDS;
  const receives = Number.isInteger(receiveCount) && receiveCount > 0 ? receiveCount : 1;
  return Math.min(RETRY_BACKOFF_MAX_SECONDS, Math.round(base * 2 ** Math.min(receives - 1, 16)));
}

/**
 * A queue's URL from its ARN (arn:aws:sqs:<region>:<account>:<name>): SQS's endpoint of the region,
 * or AWS_ENDPOINT_URL_SQS where one is set (the local queues).
 */
export function queueUrlOf(queueArn: string): string {
  const [arn, partition, service, region, account, name] = queueArn.split(':');
  if (arn !== 'arn' || service !== 'sqs' || !region || !account || !name)
    throw new Error(`Not an SQS queue ARN: ${queueArn}`);
  const endpoint =
    process.env.AWS_ENDPOINT_URL_SQS?.replace(/\/+$/, '') ??
    `https://sqs.${region}.${partition === 'aws-cn' ? 'amazonaws.com.cn' : 'amazonaws.com'}`;
  return `${endpoint}/${account}/${name}`;
}

/**
 * Hides each failed message for its backoff, so SQS hands it out again soon. A message this fails
 * for keeps the queue's visibility timeout: it is still reported failed, and retried later.
 */
async function backOff(messages: SQSRecord[]): Promise<void> {
  await Promise.all(
    messages.map(async (message) => {
      const visibilityTimeout = retryBackoffSeconds(Number(message.attributes?.ApproximateReceiveCount));
      try {
        await sqs().send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: queueUrlOf(message.eventSourceARN),
            ReceiptHandle: message.receiptHandle,
            VisibilityTimeout: visibilityTimeout,
          }),
        );
      } catch (error) {
        logger.warn('retry backoff not set; the message waits for the visibility timeout', {
          messageId: message.messageId,
          error: error as Error,
        });
      }
    }),
  );
}

/** What a stream-record handler is told of its queue message. */
export interface StreamDelivery {
  /**
   * How many times the message was received, this time included (SQS's ApproximateReceiveCount; the
   * least of a batch's): above 1, an earlier attempt ended without deleting it — it failed, or its
   * function timed out or ran out of memory before it could answer.
   */
  receiveCount: number;
}

export type StreamRecordsHandler = (
  event: DynamoDBStreamEvent,
  delivery: StreamDelivery,
) => Promise<DynamoDBBatchResponse | undefined>;

/** The key an oversized record's body is kept under (one per stream record: a resend overwrites it). */
export const oversizedRecordKey = (digest: string) => `${STREAM_RECORD_PREFIX}${digest}.json`;

/** Keeps an oversized record's body where its consumers read it (the dispatcher). */
export async function keepOversizedRecord(key: string, body: string): Promise<void> {
  await writeObjectBytes(key, new TextEncoder().encode(body), 'application/json');
}

/** The stream records a queue message carries: inline, packed, or kept by the dispatcher. */
export async function recordsOf(message: Pick<SQSRecord, 'body'>): Promise<DynamoDBRecord[]> {
  const parsed = JSON.parse(message.body) as StreamMessage;
  if ('record' in parsed) return [parsed.record as DynamoDBRecord];
  if ('records' in parsed) {
    if (!Array.isArray(parsed.records) || !parsed.records.length)
      throw new Error('A packed stream message holds no records');
    return parsed.records as DynamoDBRecord[];
  }
  if (typeof parsed.recordKey !== 'string' || !parsed.recordKey.startsWith(STREAM_RECORD_PREFIX))
    throw new Error('A stream message names no record');
  const bytes = await readObjectBytes(parsed.recordKey);
  if (!bytes) throw new Error(`The oversized stream record ${parsed.recordKey} is gone`);
  return [JSON.parse(new TextDecoder().decode(bytes)) as DynamoDBRecord];
}

export interface FromStreamQueueOptions {
  /**
   * Hand all of a message batch's records to the handler in one call (the reactions apply runs of
   * question changes together); otherwise each record alone (the jobs), so a throw fails only it.
   */
  together?: boolean;
}

/** An SQS handler around a stream-record handler: partial batch failures by message id. */
export function fromStreamQueue(handler: StreamRecordsHandler, options: FromStreamQueueOptions = {}) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failed = new Set<string>();
    const taken: Array<{ message: SQSRecord; record: DynamoDBRecord }> = [];
    for (const message of event.Records) {
      try {
        for (const record of await recordsOf(message)) taken.push({ message, record });
      } catch (error) {
        logger.error('stream message unreadable', { messageId: message.messageId, error: error as Error });
        failed.add(message.messageId);
      }
    }
    const run = async (items: typeof taken) => {
      try {
        const receiveCount = Math.min(
          ...items.map((i) => Number(i.message.attributes?.ApproximateReceiveCount) || 1),
        );
        const result = await handler({ Records: items.map((i) => i.record) }, { receiveCount });
        for (const { itemIdentifier } of result?.batchItemFailures ?? []) {
          const culprit = items.find(
            (i) =>
              i.record.dynamodb?.SequenceNumber === itemIdentifier || i.record.eventID === itemIdentifier,
          );
          // A failure the handler cannot place fails the whole call; a packed message fails whole.
          for (const i of culprit ? [culprit] : items) failed.add(i.message.messageId);
        }
      } catch (error) {
        logger.error('stream records failed', {
          messageIds: items.map((i) => i.message.messageId),
          error: error as Error,
        });
        for (const i of items) failed.add(i.message.messageId);
      }
    };
    if (options.together) {
      if (taken.length) await run(taken);
    } else for (const item of taken) await run([item]);
    const failures = event.Records.filter((m) => failed.has(m.messageId));
    if (failures.length) await backOff(failures);
    return { batchItemFailures: failures.map((m) => ({ itemIdentifier: m.messageId })) };
  };
}
