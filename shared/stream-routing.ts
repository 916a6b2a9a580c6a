/**
 * Which consumers a change on the table's stream goes to: the one matcher the stream dispatcher
 * (functions/dispatcher/handler.ts, on AWS and in the local runner) applies, built from the
 * declarations of shared/background-functions.ts (REACTION_ENTITIES and each job's `triggers`).
 * Nothing else filters the stream: the dispatcher's event source mapping has no filter criteria.
 */
import { BACKGROUND_FUNCTIONS, REACTION_ENTITIES } from './background-functions';

/** ElectroDB writes each item's entity name to this string attribute. */
export const ENTITY_ATTRIBUTE = '__edb_e__';

/** The part of a stream record (Lambda's DynamoDBRecord shape) the matcher reads. */
export interface RoutableRecord {
  eventName?: string;
  dynamodb?: {
    NewImage?: Record<string, { S?: string } | unknown>;
    OldImage?: Record<string, { S?: string } | unknown>;
  };
}

export type StreamJobName = {
  [K in keyof typeof BACKGROUND_FUNCTIONS]: (typeof BACKGROUND_FUNCTIONS)[K] extends { job: unknown }
    ? K
    : never;
}[keyof typeof BACKGROUND_FUNCTIONS];

/** Every function fed by the dispatcher, each through a queue of its own: the reactions and the jobs. */
export const STREAM_JOBS = Object.entries(BACKGROUND_FUNCTIONS).flatMap(([name, fn]) =>
  'job' in fn ? [name as StreamJobName] : [],
);
export const STREAM_CONSUMERS = ['reactions', ...STREAM_JOBS] as const;
export type StreamConsumerName = 'reactions' | StreamJobName;

const reactionEntities = new Set<string>(REACTION_ENTITIES);

const stringOf = (image: Record<string, unknown> | undefined, name: string): string | undefined => {
  if (!image || !Object.hasOwn(image, name)) return undefined;
  const value = image[name] as { S?: unknown } | undefined;
  return typeof value?.S === 'string' ? value.S : undefined;
};

/** A change the reactions follow: its new or its old item is a reaction entity. */
export function reactionsTake(record: RoutableRecord): boolean {
  return (['NewImage', 'OldImage'] as const).some((image) => {
    const entity = stringOf(record.dynamodb?.[image], ENTITY_ATTRIBUTE);
    return entity !== undefined && reactionEntities.has(entity);
  });
}

/** A change a job takes: inserted or modified, its new item matching one of the job's triggers. */
export function jobTakes(job: StreamJobName, record: RoutableRecord): boolean {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return false;
  const image = record.dynamodb?.NewImage;
  return BACKGROUND_FUNCTIONS[job].job.triggers.some(
    (t) => stringOf(image, ENTITY_ATTRIBUTE) === t.entity && stringOf(image, t.attribute) === t.value,
  );
}

/** The consumers a record goes to, in STREAM_CONSUMERS order (none: the record is dropped). */
export function consumersOf(record: RoutableRecord): StreamConsumerName[] {
  return STREAM_CONSUMERS.filter((name) =>
    name === 'reactions' ? reactionsTake(record) : jobTakes(name, record),
  );
}

/** The environment variable naming each consumer's queue URL (JSON: consumer name → URL). */
export const STREAM_QUEUE_URLS_VARIABLE = 'STREAM_QUEUE_URLS';

/**
 * Where an oversized record's body is kept (uploads bucket; expired by a lifecycle rule): SQS takes
 * 256 KiB per message, a stream record with both images of 400 KB items can be twice that.
 */
export const STREAM_RECORD_PREFIX = 'stream-records/';

/**
 * A queue message's body: the stream record itself, consecutive records of one partition packed
 * together (the reactions' FIFO queue), or where the dispatcher put an oversized one.
 */
export type StreamMessage = { record: unknown } | { records: unknown[] } | { recordKey: string };

/**
 * At most this many records in one message of the reactions' FIFO queue. Lambda hands a FIFO queue's
 * function at most 10 messages at once: one record a message, an import of 10,000 questions took
 * 1,000 invocations in turn (its project's group), each with its own aggregates transaction, project
 * read and live event; packed, about 10.
 */
export const PACKED_RECORDS = 100;

/**
 * The largest body sent inline. SQS's limit is 262,144 bytes for the whole batch call and for one
 * message with its attributes; bodies above this go to S3 and the message carries the key.
 */
export const INLINE_RECORD_BYTES = 200 * 1024;
