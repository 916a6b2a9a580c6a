/**
 * The edge between a consumer's queue and the code that handles stream records. The stream
 * dispatcher (functions/dispatcher/handler.ts) sends each change of the table's stream, in Lambda's
 * DynamoDBRecord shape, to the queue of each consumer that takes it (the reactions, the jobs); a
 * consumer's Lambda receives an SQSEvent. `fromStreamQueue` unwraps the records (fetching an
 * oversized one from where the dispatcher put it), hands them to the unchanged stream-record logic
 * and answers an SQSBatchResponse: a failing record is reported alone (by its message id), the
 * others are deleted from the queue; SQS retries the failed one and, after maxReceiveCount, moves it
 * to the consumer's dead-letter queue. On a FIFO queue (the reactions', ordered per partition) the
 * messages after a failed one in the same group and the same batch are handled and not reported:
 * reporting them would count a receive against each of them too, so a poison record would carry its
 * innocent batch-mates into the dead-letter queue with it; SQS still holds back the group's later
 * messages while the failed one waits for its retry.
 */
import type {
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { STREAM_RECORD_PREFIX, type StreamMessage } from '../../shared/stream-routing';
import { logger } from './logger';
import { readObjectBytes, writeObjectBytes } from './storage';

export type StreamRecordsHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

/** The key an oversized record's body is kept under (one per stream record: a resend overwrites it). */
export const oversizedRecordKey = (digest: string) => `${STREAM_RECORD_PREFIX}${digest}.json`;

/** Keeps an oversized record's body where its consumers read it (the dispatcher). */
export async function keepOversizedRecord(key: string, body: string): Promise<void> {
  await writeObjectBytes(key, new TextEncoder().encode(body), 'application/json');
}

/** The stream record a queue message carries, inline or kept by the dispatcher. */
export async function recordOf(message: Pick<SQSRecord, 'body'>): Promise<DynamoDBRecord> {
  const parsed = JSON.parse(message.body) as StreamMessage;
  if ('record' in parsed) return parsed.record as DynamoDBRecord;
  if (typeof parsed.recordKey !== 'string' || !parsed.recordKey.startsWith(STREAM_RECORD_PREFIX))
    throw new Error('A stream message names no record');
  const bytes = await readObjectBytes(parsed.recordKey);
  if (!bytes) throw new Error(`The oversized stream record ${parsed.recordKey} is gone`);
  return JSON.parse(new TextDecoder().decode(bytes)) as DynamoDBRecord;
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
        taken.push({ message, record: await recordOf(message) });
      } catch (error) {
        logger.error('stream message unreadable', { messageId: message.messageId, error: error as Error });
        failed.add(message.messageId);
      }
    }
    const run = async (items: typeof taken) => {
      try {
        const result = await handler({ Records: items.map((i) => i.record) });
        for (const { itemIdentifier } of result?.batchItemFailures ?? []) {
          const culprit = items.find(
            (i) =>
              i.record.dynamodb?.SequenceNumber === itemIdentifier || i.record.eventID === itemIdentifier,
          );
          // A failure the handler cannot place fails the whole call.
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
    return {
      batchItemFailures: event.Records.filter((m) => failed.has(m.messageId)).map((m) => ({
        itemIdentifier: m.messageId,
      })),
    };
  };
}
