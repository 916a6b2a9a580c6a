/**
 * The local stand-in for the table's stream and what reads it: one reader polls DynamoDB Local's
 * stream (it supports the Streams API) and hands the records, in the event shape Lambda delivers, to
 * its consumer, the stream dispatcher (functions/dispatcher/handler.ts, the same code as on AWS),
 * which sends them on to the reactions' and the jobs' queues (scripts/local/sqs.ts). Like an event
 * source mapping: records of a shard in order, a batch retried from the first failed record a bounded
 * number of times, then written to a dead-letter file (the local on-failure destination) and skipped.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

export interface StreamConsumer {
  handler: StreamHandler;
  /** Like a mapping's filter criteria: only matching records reach the handler. */
  filter?: (record: DynamoDBRecord) => boolean;
  /** Records per invocation (a job takes one at a time); default all of a read. */
  recordsPerInvocation?: number;
}

export interface StreamReaderOptions {
  dynamo: DynamoDBClient;
  endpoint: string;
  region: string;
  tableName: string;
  /** Each consumer has its own queue, so a long job never holds back the others (as SQS does on AWS). */
  consumers: Record<string, StreamConsumer>;
  /** Where records that still fail after the retries are written (one JSON line each). */
  deadLetterFile: string;
  /** The pause after a read that found nothing: from `minPollMs`, doubled while idle up to `maxPollMs`. */
  minPollMs?: number;
  maxPollMs?: number;
  batchSize?: number;
  retryAttempts?: number;
}

export interface StreamPoller {
  stop(): Promise<void>;
  /** Resolves once every record written so far has been handed to the handler (tests, bench). */
  drain(): Promise<void>;
  /**
   * Holds these consumers' queues: records are still read and queued, but not handed on until the
   * returned release is called (a test that must see a state a job would otherwise end too fast).
   */
  hold(): () => void;
}

export interface StreamReader {
  /** Views of the consumers named: `drain()` waits for the reader and those consumers' queues. */
  group(names: string[]): StreamPoller;
  /** Something was probably written (a request ended): read again now rather than after the pause. */
  nudge(): void;
  stop(): Promise<void>;
}

/** Lambda's stream event carries the creation time in epoch seconds and the source ARN. */
function toLambdaRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(record.dynamodb as DynamoDBRecord['dynamodb']),
      ApproximateCreationDateTime: created ? Math.floor(new Date(created).getTime() / 1000) : undefined,
    },
  };
}

/**
 * One reader of the table's stream (DynamoDB Streams allows two readers per shard; AWS has one
 * dispatcher too), handing each record to every consumer whose filter takes it. Polls at once after
 * a nudge and backs off while the stream is quiet.
 */
export async function startStreamReader(options: StreamReaderOptions): Promise<StreamReader> {
  const minPollMs = options.minPollMs ?? 25;
  const maxPollMs = options.maxPollMs ?? 800;
  const batchSize = options.batchSize ?? 100;
  const retryAttempts = options.retryAttempts ?? 3;
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: options.region });
  const { Table } = await options.dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);

  /** Open shard iterators by shard id; new shards start at their beginning. */
  const iterators = new Map<string, string | undefined>();
  /** The last sequence number read from each shard, to take up from there when an iterator fails. */
  const lastRead = new Map<string, string>();
  const known = new Set<string>();
  let stopped = false;
  /** Resolved by the next read of every shard that found nothing new. */
  let emptyPassWaiters: Array<() => void> = [];
  let busy = false;
  let idleMs = minPollMs;
  let wake: (() => void) | undefined;

  const iteratorAt = async (shardId: string) => {
    const after = lastRead.get(shardId);
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator;
  };

  async function discoverShards(initial: boolean) {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId!;
      if (known.has(shardId)) continue;
      known.add(shardId);
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      // At start only the open shard matters, from now on (like the mapping's LATEST): what it
      // holds already is read past, not handed on. Shards that appear later are read from their
      // beginning so nothing written to them is missed. (DynamoDB Local's LATEST iterator on an
      // empty shard may later answer TrimmedDataAccessException; reading past by hand avoids it.)
      if (initial && !open) continue;
      let iterator = await iteratorAt(shardId);
      if (initial) {
        while (iterator) {
          const { Records = [], NextShardIterator } = await streams.send(
            new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }),
          );
          iterator = NextShardIterator;
          if (!Records.length) break;
          lastRead.set(shardId, Records.at(-1)!.dynamodb!.SequenceNumber!);
        }
      }
      iterators.set(shardId, iterator);
    }
  }

  async function deliver(handler: StreamHandler, records: DynamoDBRecord[]) {
    let pending = records;
    for (let attempt = 0; pending.length > 0; attempt++) {
      let failedAt: string | undefined;
      try {
        const result = await handler({ Records: pending });
        failedAt = result?.batchItemFailures?.[0]?.itemIdentifier;
      } catch (error) {
        console.error('stream handler failed', error);
        failedAt = pending[0].dynamodb?.SequenceNumber;
      }
      if (!failedAt) return;
      const index = Math.max(
        0,
        pending.findIndex((r) => r.dynamodb?.SequenceNumber === failedAt),
      );
      pending = pending.slice(index);
      if (attempt >= retryAttempts) {
        mkdirSync(dirname(options.deadLetterFile), { recursive: true });
        appendFileSync(options.deadLetterFile, `${JSON.stringify(pending[0])}\n`);
        pending = pending.slice(1);
        attempt = -1;
      } else await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }

  /** A consumer's queue: batches handled in order, one at a time, whatever the others do. */
  const queues = new Map(
    Object.entries(options.consumers).map(([name, consumer]) => {
      let tail: Promise<void> = Promise.resolve();
      let pending = 0;
      /** Open unless held: each batch waits for it before it is handed on. */
      let gate: Promise<void> = Promise.resolve();
      const queue = {
        hold() {
          let release!: () => void;
          gate = new Promise<void>((resolve) => {
            release = resolve;
          });
          return release;
        },
        push(records: DynamoDBRecord[]) {
          const taken = records.filter(consumer.filter ?? (() => true));
          const size = consumer.recordsPerInvocation ?? taken.length;
          for (let i = 0; i < taken.length; i += size) {
            const batch = taken.slice(i, i + size);
            pending++;
            tail = tail.then(async () => {
              await gate;
              await deliver(consumer.handler, batch);
              pending--;
              // What the handler wrote is read at once.
              reader.nudge();
            });
          }
        },
        get idle() {
          return pending === 0;
        },
        settled: () => tail,
      };
      return [name, queue] as const;
    }),
  );

  const readShard = (iterator: string) =>
    streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: batchSize }));

  /** One pass over every shard; true when any record was read. */
  async function pollOnce(): Promise<boolean> {
    let readAny = false;
    for (const [shardId, iterator] of iterators) {
      if (!iterator) {
        iterators.delete(shardId);
        continue;
      }
      let read: Awaited<ReturnType<typeof readShard>>;
      try {
        read = await readShard(iterator);
      } catch (error) {
        const name = (error as Error).name;
        if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') throw error;
        // Take up again after the last record read (see discoverShards).
        read = await readShard((await iteratorAt(shardId))!);
      }
      const { Records = [], NextShardIterator } = read;
      iterators.set(shardId, NextShardIterator);
      if (Records.length) lastRead.set(shardId, Records.at(-1)!.dynamodb!.SequenceNumber!);
      if (!NextShardIterator) await discoverShards(false);
      if (Records.length) {
        readAny = true;
        const records = Records.map((r) => toLambdaRecord(r, streamArn!, options.region));
        for (const queue of queues.values()) queue.push(records);
      }
    }
    return readAny;
  }

  await discoverShards(true);
  let shardCheck = 0;
  const loop = (async () => {
    while (!stopped) {
      busy = true;
      let readAny = false;
      try {
        readAny = await pollOnce();
        if (++shardCheck % 50 === 0) await discoverShards(false);
      } catch (error) {
        if (!stopped) console.error('stream poll failed', error);
      }
      busy = false;
      if (readAny) idleMs = minPollMs;
      else {
        for (const resolve of emptyPassWaiters) resolve();
        emptyPassWaiters = [];
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idleMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        idleMs = Math.min(idleMs * 2, maxPollMs);
      }
    }
  })();

  /** Resolves after a pass that began after this call read nothing new. */
  const emptyPass = () =>
    new Promise<void>((resolve) => {
      if (busy) emptyPassWaiters.push(() => emptyPassWaiters.push(resolve));
      else emptyPassWaiters.push(resolve);
      reader.nudge();
    });

  const reader: StreamReader = {
    nudge() {
      idleMs = minPollMs;
      wake?.();
    },
    group(names) {
      const mine = names.map((name) => {
        const queue = queues.get(name);
        if (!queue) throw new Error(`No stream consumer ${name}`);
        return queue;
      });
      return {
        async drain() {
          // Until the stream is read to its end and these queues are empty at the same time.
          for (;;) {
            await emptyPass();
            if (mine.every((q) => q.idle)) return;
            await Promise.all(mine.map((q) => q.settled()));
          }
        },
        hold() {
          const releases = mine.map((q) => q.hold());
          return () => {
            for (const release of releases) release();
          };
        },
        stop: () => reader.stop(),
      };
    },
    async stop() {
      stopped = true;
      wake?.();
      for (const resolve of emptyPassWaiters) resolve();
      await loop;
      await Promise.all([...queues.values()].map((q) => q.settled()));
      streams.destroy();
    },
  };
  return reader;
}
