/**
 * The stream dispatcher: the one reader of the table's stream (DynamoDB Streams allows two readers
 * per shard; every other consumer is fed from here). For each change it asks the one matcher
 * (shared/stream-routing.ts, built from shared/background-functions.ts) which consumers take it and
 * sends the record, in Lambda's DynamoDBRecord shape, to each one's queue with SendMessageBatch (10
 * entries and 256 KiB per call, entries SQS did not take retried). A record whose body is above
 * INLINE_RECORD_BYTES (a 400 KB item has two images) is kept under stream-records/ of the uploads
 * bucket (expired by a lifecycle rule) and the message carries its key (functions/common/stream-queue.ts
 * reads it back). A record that could not be sent to every queue it belongs to is reported as the
 * batch's failure: the mapping retries from it (the later records are sent again; consumers are
 * idempotent and the reactions' FIFO queue drops a resend of the same record within five minutes),
 * a bounded number of times, then sends it to the dispatcher's on-failure queue.
 *
 * The reactions' queue is FIFO with the item's partition key (pk) as message group, and a message
 * carries up to PACKED_RECORDS consecutive records of its group (Lambda takes 10 messages of a FIFO
 * queue at once: a 10,000-question import is then 10 or so invocations, not 1,000). A packed message
 * is retried and dead-lettered whole; its records are handled idempotently, so a record that failed
 * in it is tried again with its neighbours, which change nothing the second time. The reactions
 * publish an item's state as live events and notifications, and one item's changes must reach them
 * in the order they happened (a later state must never be overtaken by an earlier one). The partition
 * rather than the item: a project's questions and its projectStats item share `TEAM#…#PROJECT#…`, so a
 * project's changes are applied one batch at a time (no two invocations contend for its aggregates),
 * while other projects and teams go on in parallel. The jobs' queues are standard: each job re-reads
 * its item before acting.
 *
 * The same code runs in the local runner (scripts/local/stream.ts), whose SQS endpoint is the local
 * queue server (AWS_ENDPOINT_URL_SQS).
 */
import { createHash } from 'node:crypto';
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry, SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import {
  consumersOf,
  INLINE_RECORD_BYTES,
  PACKED_RECORDS,
  STREAM_QUEUE_URLS_VARIABLE,
  type StreamConsumerName,
  type StreamMessage,
} from '../../shared/stream-routing';
import { clientFor } from '../common/aws-client';
import { logger } from '../common/logger';
import { keepOversizedRecord, oversizedRecordKey } from '../common/stream-queue';

const sqs = clientFor(['AWS_ENDPOINT_URL_SQS'], () => new SQSClient({}));

/** SQS's limits for one SendMessageBatch call. */
const BATCH_ENTRIES = 10;
const BATCH_BYTES = 256 * 1024;
/** Attempts at the entries of one call that SQS did not take, before the record is failed. */
const SEND_ATTEMPTS = 4;

function queueUrls(): Map<StreamConsumerName, string> {
  const raw = process.env[STREAM_QUEUE_URLS_VARIABLE];
  if (!raw) throw new Error(`Environment variable ${STREAM_QUEUE_URLS_VARIABLE} is not set`);
  return new Map(Object.entries(JSON.parse(raw) as Record<string, string>)) as Map<
    StreamConsumerName,
    string
  >;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The record's identity across resends: its event id (or sequence number). */
const recordId = (record: DynamoDBRecord) => record.eventID ?? record.dynamodb?.SequenceNumber ?? '';

/** The changes of one partition (a project, a team's own items) share a group, in stream order. */
function groupOf(record: DynamoDBRecord): string {
  const keys = (record.dynamodb?.Keys ?? {}) as Record<string, { S?: string }>;
  return digest(keys.pk?.S ?? '');
}

/** The message body for a record: inline, or a pointer to the body kept in the uploads bucket. */
async function bodyOf(record: DynamoDBRecord): Promise<{ body: string; inline: boolean }> {
  const inline = JSON.stringify({ record } satisfies StreamMessage);
  if (Buffer.byteLength(inline) <= INLINE_RECORD_BYTES) return { body: inline, inline: true };
  const key = oversizedRecordKey(digest(recordId(record)));
  await keepOversizedRecord(key, JSON.stringify(record));
  return { body: JSON.stringify({ recordKey: key } satisfies StreamMessage), inline: false };
}

interface Outgoing {
  /** Positions of the message's records in the batch. */
  indexes: number[];
  entry: SendMessageBatchRequestEntry;
}

/** A record on its way to one consumer. */
interface Pending {
  index: number;
  record: DynamoDBRecord;
  body: string;
  inline: boolean;
}

/** One message per record (a job's standard queue: each record is a job of its own). */
const single = (items: Pending[]): Outgoing[] =>
  items.map(({ index, body }) => ({ indexes: [index], entry: { Id: String(index), MessageBody: body } }));

/**
 * The reactions' FIFO messages: each group's consecutive inline records packed up to PACKED_RECORDS
 * and INLINE_RECORD_BYTES (an oversized record goes alone, in its place), in record order per group;
 * deduplicated by the records they carry.
 */
function packed(items: Pending[]): Outgoing[] {
  const messages: Outgoing[] = [];
  const open = new Map<string, { items: Pending[]; bytes: number }>();
  const close = (group: string) => {
    const pack = open.get(group);
    if (!pack) return;
    open.delete(group);
    const records = pack.items.map((i) => i.record);
    messages.push({
      indexes: pack.items.map((i) => i.index),
      entry: {
        Id: String(pack.items[0].index),
        MessageBody:
          records.length === 1 ? pack.items[0].body : JSON.stringify({ records } satisfies StreamMessage),
        MessageGroupId: group,
        MessageDeduplicationId: digest(records.map(recordId).join(' ')),
      },
    });
  };
  for (const item of items) {
    const group = groupOf(item.record);
    const bytes = Buffer.byteLength(item.body);
    const pack = open.get(group);
    if (pack && (pack.items.length === PACKED_RECORDS || pack.bytes + bytes > INLINE_RECORD_BYTES))
      close(group);
    if (!item.inline) {
      close(group);
      open.set(group, { items: [item], bytes });
      close(group);
      continue;
    }
    const current = open.get(group) ?? { items: [], bytes: 0 };
    current.items.push(item);
    current.bytes += bytes;
    open.set(group, current);
  }
  for (const group of [...open.keys()]) close(group);
  return messages;
}

/** Calls of at most 10 entries and 256 KiB, in record order. */
function chunks(items: Outgoing[]): Outgoing[][] {
  const calls: Outgoing[][] = [];
  let current: Outgoing[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = Buffer.byteLength(item.entry.MessageBody ?? '');
    if (current.length === BATCH_ENTRIES || (current.length && bytes + size > BATCH_BYTES)) {
      calls.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length) calls.push(current);
  return calls;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one call's entries, retrying those SQS did not take; answers the indexes of the records
 * still not sent. On a FIFO queue, once an entry fails the later ones are not sent before it.
 */
async function send(url: string, items: Outgoing[]): Promise<number[][]> {
  let pending = items;
  for (let attempt = 1; pending.length; attempt++) {
    let failedIds: Set<string>;
    try {
      const result = await sqs().send(
        new SendMessageBatchCommand({ QueueUrl: url, Entries: pending.map((i) => i.entry) }),
      );
      failedIds = new Set((result.Failed ?? []).map((f) => f.Id ?? ''));
      for (const f of result.Failed ?? [])
        logger.warn('stream dispatch entry refused', {
          url,
          id: f.Id,
          code: f.Code,
          senderFault: f.SenderFault,
        });
    } catch (error) {
      logger.warn('stream dispatch call failed', { url, attempt, error: error as Error });
      failedIds = new Set(pending.map((i) => i.entry.Id ?? ''));
    }
    pending = pending.filter((i) => failedIds.has(i.entry.Id ?? ''));
    if (pending.length && attempt >= SEND_ATTEMPTS) return pending.map((i) => i.indexes);
    if (pending.length) await pause(50 * 2 ** attempt);
  }
  return [];
}

/** Sends each record to the queues of the consumers that take it; reports the first it could not. */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const urls = queueUrls();
  const byConsumer = new Map<StreamConsumerName, Pending[]>();
  const failed = new Set<number>();
  for (const [index, record] of event.Records.entries()) {
    const consumers = consumersOf(record);
    if (!consumers.length) continue;
    let body: Awaited<ReturnType<typeof bodyOf>>;
    try {
      body = await bodyOf(record);
    } catch (error) {
      logger.error('stream record not kept', { id: recordId(record), error: error as Error });
      failed.add(index);
      continue;
    }
    for (const consumer of consumers) {
      if (!urls.get(consumer)) throw new Error(`No queue for the stream consumer ${consumer}`);
      const list = byConsumer.get(consumer) ?? [];
      list.push({ index, record, ...body });
      byConsumer.set(consumer, list);
    }
  }
  await Promise.all(
    [...byConsumer].map(async ([consumer, items]) => {
      const url = urls.get(consumer)!;
      const messages = url.endsWith('.fifo') ? packed(items) : single(items);
      for (const call of chunks(messages))
        for (const indexes of await send(url, call)) for (const index of indexes) failed.add(index);
    }),
  );
  const first = Math.min(...failed);
  if (!failed.size) return { batchItemFailures: [] };
  const record = event.Records[first];
  logger.error('stream record not dispatched', { id: recordId(record), failed: failed.size });
  return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? recordId(record) }] };
}
