/**
 * The local stand-in for the Lambda event source mapping on the table's stream: polls DynamoDB
 * Local's stream (it supports the Streams API) and invokes the reactions handler with the same
 * event shape Lambda delivers. Like the mapping: records of a shard in order, a batch retried from
 * the first failed record a bounded number of times, then written to a dead-letter file (the
 * local on-failure destination) and skipped.
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

export interface StreamPollerOptions {
  dynamo: DynamoDBClient;
  endpoint: string;
  region: string;
  tableName: string;
  handler: StreamHandler;
  /** Where records that still fail after the retries are written (one JSON line each). */
  deadLetterFile: string;
  pollMs?: number;
  batchSize?: number;
  retryAttempts?: number;
  /** Like a mapping's filter criteria: only matching records reach the handler. */
  filter?: (record: DynamoDBRecord) => boolean;
  /** Records per invocation (a job takes one at a time). */
  recordsPerInvocation?: number;
}

export interface StreamPoller {
  stop(): Promise<void>;
  /** Resolves once every record written so far has been handed to the handler (tests, bench). */
  drain(): Promise<void>;
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

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const pollMs = options.pollMs ?? 100;
  const batchSize = options.batchSize ?? 100;
  const retryAttempts = options.retryAttempts ?? 3;
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: options.region });
  const { Table } = await options.dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);

  /** Open shard iterators by shard id; new shards start at their beginning. */
  const iterators = new Map<string, string | undefined>();
  const known = new Set<string>();
  let stopped = false;
  let idleWaiters: Array<() => void> = [];
  let busy = false;

  async function discoverShards(initial: boolean) {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId!;
      if (known.has(shardId)) continue;
      known.add(shardId);
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      // At start only the open shard matters, from now on (like the mapping's LATEST); shards that
      // appear later are read from their beginning so nothing written to them is missed.
      if (initial && !open) continue;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ShardIteratorType: initial ? 'LATEST' : 'TRIM_HORIZON',
        }),
      );
      iterators.set(shardId, ShardIterator);
    }
  }

  async function deliver(records: DynamoDBRecord[]) {
    let pending = records;
    for (let attempt = 0; pending.length > 0; attempt++) {
      let failedAt: string | undefined;
      try {
        const result = await options.handler({ Records: pending });
        failedAt = result?.batchItemFailures?.[0]?.itemIdentifier;
      } catch (error) {
        console.error('reactions handler failed', error);
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

  /** One pass over every shard; true when any record was read. */
  async function pollOnce(): Promise<boolean> {
    let readAny = false;
    for (const [shardId, iterator] of iterators) {
      if (!iterator) {
        iterators.delete(shardId);
        continue;
      }
      const { Records = [], NextShardIterator } = await streams.send(
        new GetRecordsCommand({ ShardIterator: iterator, Limit: batchSize }),
      );
      iterators.set(shardId, NextShardIterator);
      if (!NextShardIterator) await discoverShards(false);
      if (Records.length) {
        readAny = true;
        const records = Records.map((r) => toLambdaRecord(r, streamArn!, options.region)).filter(
          options.filter ?? (() => true),
        );
        const size = options.recordsPerInvocation ?? records.length;
        for (let i = 0; i < records.length; i += size) await deliver(records.slice(i, i + size));
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
      if (!readAny) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      for (const resolve of idleWaiters) resolve();
      await loop;
      streams.destroy();
    },
    drain() {
      // The next pass that reads nothing has delivered everything written before this call.
      return new Promise<void>((resolve) => {
        const waitForEmptyPass = () => idleWaiters.push(resolve);
        if (busy) idleWaiters.push(() => idleWaiters.push(resolve));
        else waitForEmptyPass();
      });
    },
  };
}

/**
 * One poller per stream job of BACKGROUND_FUNCTIONS (a function with `job`), filtered like its
 * mapping on AWS (a trigger's entity and attribute value in the new image), one record at a time.
 */
export async function startStreamJobs(
  options: Omit<StreamPollerOptions, 'handler' | 'filter' | 'recordsPerInvocation'>,
): Promise<StreamPoller> {
  const { BACKGROUND_FUNCTIONS } = await import('../../shared/background-functions');
  const pollers: StreamPoller[] = [];
  for (const fn of Object.values(BACKGROUND_FUNCTIONS)) {
    if (!('job' in fn)) continue;
    const { job } = fn;
    const { handler } = (await import(`../../${fn.entry}`)) as { handler: StreamHandler };
    pollers.push(
      await startStreamPoller({
        ...options,
        handler,
        recordsPerInvocation: 1,
        filter: (record) => {
          const image = record.dynamodb?.NewImage as Record<string, { S?: string }> | undefined;
          return job.triggers.some(
            (t) => image?.__edb_e__?.S === t.entity && image?.[t.attribute]?.S === t.value,
          );
        },
      }),
    );
  }
  return {
    async stop() {
      await Promise.all(pollers.map((p) => p.stop()));
    },
    async drain() {
      await Promise.all(pollers.map((p) => p.drain()));
    },
  };
}
