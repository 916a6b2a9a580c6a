/**
 * One reader of the table's stream: the stream dispatcher (functions/dispatcher/handler.ts, run by
 * the local runner as on AWS) hands each change to the queue of each consumer that takes it
 * (scripts/local/sqs.ts: SQS's JSON protocol, visibility, receive counts, dead-letter queues, partial
 * batch failures). A job failing on one record (a poison Insights export: with no team id, reading it throws) leaves
 * the records written after it processed, and the poison one lands in the job's dead-letter queue
 * after its three receives. An item above SQS's message size reaches the reactions through S3.
 */
import {
  BatchWriteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
}, 120_000);
afterAll(() => resources.stopAll());

const TEAM = 'stream-team';
/** The keys of functions/insights/entities/insights-export.ts. */
const key = (exportId: string) => ({ pk: `TEAM#${TEAM}#INSIGHTS`, sk: `EXPORT#${exportId}` });
/** A queued Insights export; the poison one has no team id, so the job's read of it throws. */
const exportItem = (exportId: string, poison = false) =>
  marshall({
    ...key(exportId),
    __edb_e__: 'insightsExport',
    __edb_v__: '1',
    ...(poison ? {} : { teamId: TEAM }),
    exportId,
    userId: 'stream-user',
    filter: '{}',
    status: 'QUEUED',
    rows: 0,
    expiresAt: Math.floor(Date.now() / 1000) + 86_400,
  });

describe('the stream dispatcher', () => {
  it('leaves the records behind a poison one processed, and sends the poison one to its DLQ after 3 receives', async () => {
    // Prepare: a poison export, then five good ones behind it on the stream.
    const dynamo = new DynamoDBClient({});
    const good = ['after-1', 'after-2', 'after-3', 'after-4', 'after-5'];
    const statusOf = async (exportId: string) => {
      const { Item } = await dynamo.send(
        new GetItemCommand({ TableName: stack.tableName, Key: marshall(key(exportId)) }),
      );
      return Item ? unmarshall(Item).status : undefined;
    };
    const started = Date.now();
    // Act
    await dynamo.send(new PutItemCommand({ TableName: stack.tableName, Item: exportItem('poison', true) }));
    await dynamo.send(
      new BatchWriteItemCommand({
        RequestItems: { [stack.tableName]: good.map((id) => ({ PutRequest: { Item: exportItem(id) } })) },
      }),
    );
    await stack.jobs.drain();
    const drained = Date.now() - started;
    // Assess: every record behind the poison was processed (an export runs only from QUEUED, so once);
    // the poison one was received three times and then dead-lettered, untouched.
    expect(await Promise.all(good.map(statusOf))).toEqual(good.map(() => 'DONE'));
    const dead = stack.deadLetters('insightsExport');
    expect(dead).toHaveLength(1);
    expect(dead[0].receiveCount).toBe(3);
    expect(JSON.parse(dead[0].body).record.dynamodb.NewImage.exportId).toEqual({ S: 'poison' });
    expect(await statusOf('poison')).toBe('QUEUED');
    expect(stack.deadLetters('reactions')).toEqual([]);
    console.log(
      `stream dispatch: poison record in the insightsExport DLQ after 3 receives; the 5 records behind it processed; all settled in ${drained} ms`,
    );
  });

  it('passes an item above SQS’s message size to the reactions through the uploads bucket', async () => {
    // Prepare: a 300 KB notification item whose old and new images together pass 256 KiB twice over.
    const dynamo = new DynamoDBClient({});
    const item = {
      pk: 'USER#big-user',
      sk: 'NOTIFICATION#big',
      __edb_e__: 'notification',
      __edb_v__: '1',
      body: 'x'.repeat(300_000),
    };
    // Act
    await dynamo.send(new PutItemCommand({ TableName: stack.tableName, Item: marshall(item) }));
    await dynamo.send(
      new PutItemCommand({
        TableName: stack.tableName,
        Item: marshall({ ...item, body: 'y'.repeat(300_000) }),
      }),
    );
    await stack.reactions.drain();
    // Assess: both records were kept under stream-records/ and their messages carry only the key.
    // (This bare notification is no valid one, so its reaction fails and, after 3 receives, the pointer
    // message lands in the reactions' DLQ: from where the record reads back whole.)
    const s3 = new S3Client({ forcePathStyle: true });
    const kept = await s3.send(
      new ListObjectsV2Command({ Bucket: process.env.UPLOADS_BUCKET, Prefix: 'stream-records/' }),
    );
    expect(kept.Contents?.length ?? 0).toBeGreaterThanOrEqual(2);
    const dead = stack.deadLetters('reactions');
    expect(dead.length).toBeGreaterThanOrEqual(1);
    const { recordsOf } = await import('../../functions/common/stream-queue');
    for (const message of dead) {
      expect(Buffer.byteLength(message.body)).toBeLessThan(1024);
      expect(JSON.parse(message.body).recordKey).toMatch(/^stream-records\//);
      const [record] = await recordsOf(message);
      expect(record.dynamodb?.NewImage?.body?.S).toHaveLength(300_000);
    }
  });
});
