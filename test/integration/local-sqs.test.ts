/**
 * The local queues of the stream consumers (scripts/local/sqs.ts), reached through the real SQS
 * client as the dispatcher reaches them: a FIFO queue hands a message group's messages in order and
 * holds the group behind a failing message until it moves to the dead-letter queue after 3 receives,
 * while other groups go on; a resend with the same deduplication id is dropped; partial batch
 * failures fail only the messages named. ChangeMessageVisibility takes only a message's latest
 * receipt handle and hides it anew from the call; a consumer (fromStreamQueue) that fails on a message
 * has it back after its short backoff rather than the queue's visibility timeout, and a poison message
 * still reaches the dead-letter queue after 3 receives.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { fromStreamQueue } from '../../functions/common/stream-queue';
import { type LocalSqs, startLocalSqs } from '../../scripts/local/sqs';

const dir = mkdtempSync(join(tmpdir(), 'local-sqs-'));
let sqs: LocalSqs | undefined;
afterAll(async () => {
  await sqs?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('local consumer queues', () => {
  it('keeps a group in order behind a poison message, lets other groups go on, and dead-letters it after 3 receives', async () => {
    // Prepare
    const handled: string[] = [];
    let client!: SQSClient;
    let entry!: (
      body: string,
      group: string,
    ) => { Id: string; MessageBody: string; MessageGroupId: string; MessageDeduplicationId: string };
    const attempts = new Map<string, number>();
    // Like fromStreamQueue: the poison alone fails.
    const handler = async (event: SQSEvent) => {
      const failed: string[] = [];
      for (const m of event.Records) {
        attempts.set(m.body, (attempts.get(m.body) ?? 0) + 1);
        if (m.body === 'a2-poison') failed.push(m.messageId);
        else handled.push(m.body);
      }
      // A later message of the poison's group, sent while it waits for its retry, waits for it.
      if (failed.length && !attempts.has('a4-later'))
        await client.send(
          new SendMessageBatchCommand({ QueueUrl: sqs!.urls.reactions, Entries: [entry('a4-later', 'a')] }),
        );
      return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
    };
    sqs = await startLocalSqs({
      queues: [{ name: 'reactions', fifo: true, handler, batchSize: 10, concurrency: 2, maxReceiveCount: 3 }],
      deadLetterFile: join(dir, 'dead-letters.jsonl'),
    });
    client = new SQSClient({
      endpoint: sqs.endpoint,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    entry = (body: string, group: string) => ({
      Id: body,
      MessageBody: body,
      MessageGroupId: group,
      MessageDeduplicationId: body,
    });
    // Act
    const sent = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: sqs.urls.reactions,
        Entries: [
          entry('a1', 'a'),
          entry('a2-poison', 'a'),
          entry('b1', 'b'),
          entry('a3', 'a'),
          entry('b2', 'b'),
        ],
      }),
    );
    // The same record resent: dropped.
    await client.send(
      new SendMessageBatchCommand({ QueueUrl: sqs.urls.reactions, Entries: [entry('b1', 'b')] }),
    );
    await sqs.whenIdle(['reactions']);
    // Assess
    expect(sent.Successful).toHaveLength(5);
    expect(handled.filter((b) => b.startsWith('b'))).toEqual(['b1', 'b2']);
    // a3 came in the poison's batch (handled); a4, sent later, waited until the poison was dead-lettered.
    expect(handled.filter((b) => b.startsWith('a'))).toEqual(['a1', 'a3', 'a4-later']);
    expect(attempts.get('a4-later')).toBe(1);
    expect(attempts.get('a2-poison')).toBe(3);
    expect(attempts.get('b1')).toBe(1);
    expect(attempts.get('a1')).toBe(1);
    const dead = sqs.deadLetters('reactions');
    expect(dead.map((d) => [d.body, d.receiveCount])).toEqual([['a2-poison', 3]]);
    expect(readFileSync(join(dir, 'dead-letters.jsonl'), 'utf8')).toContain('a2-poison');
  });

  it('changes the visibility of a message by its latest receipt handle only, counted from the call', async () => {
    // Prepare: a queue whose event source is held, so only the API receives.
    const queues = await startLocalSqs({
      queues: [
        {
          name: 'autofill',
          handler: async () => ({ batchItemFailures: [] }),
          batchSize: 1,
          concurrency: 1,
          maxReceiveCount: 3,
          visibilityTimeoutMs: 60_000,
        },
      ],
      deadLetterFile: join(dir, 'visibility-dead-letters.jsonl'),
    });
    const release = queues.hold(['autofill']);
    const client = new SQSClient({
      endpoint: queues.endpoint,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const QueueUrl = queues.urls.autofill;
    const receive = async (VisibilityTimeout?: number) =>
      (await client.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 1, VisibilityTimeout })))
        .Messages ?? [];
    const change = (ReceiptHandle: string | undefined, VisibilityTimeout: number) =>
      client.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle, VisibilityTimeout }));
    const notVisible = async () =>
      (
        await client.send(
          new GetQueueAttributesCommand({
            QueueUrl,
            AttributeNames: ['ApproximateNumberOfMessagesNotVisible'],
          }),
        )
      ).Attributes?.ApproximateNumberOfMessagesNotVisible;
    try {
      const { MessageId } = await client.send(new SendMessageCommand({ QueueUrl, MessageBody: 'one' }));
      // Act / Assess: received, then hidden for the queue's visibility timeout.
      const [first] = await receive();
      expect(first.MessageId).toBe(MessageId);
      expect(await receive()).toEqual([]);
      expect(await notVisible()).toBe('1');
      // Handles that are not SQS's, and timeouts out of SQS's range, are refused.
      await expect(change('not-a-handle', 0)).rejects.toMatchObject({ name: 'ReceiptHandleIsInvalid' });
      await expect(change(first.ReceiptHandle, 43_201)).rejects.toMatchObject({
        name: 'InvalidParameterValue',
      });
      await expect(change(first.ReceiptHandle, -1)).rejects.toMatchObject({ name: 'InvalidParameterValue' });
      // 0: visible at once, and the next receive hands out a new handle.
      await change(first.ReceiptHandle, 0);
      expect(await notVisible()).toBe('0');
      const [second] = await receive();
      expect(second.MessageId).toBe(MessageId);
      expect(second.ReceiptHandle).not.toBe(first.ReceiptHandle);
      // The earlier receive's handle no longer names the message.
      await expect(change(first.ReceiptHandle, 10)).rejects.toMatchObject({ name: 'InvalidParameterValue' });
      // 1 second from the call, not the queue's 60.
      const changedAt = Date.now();
      await change(second.ReceiptHandle, 1);
      expect(await receive()).toEqual([]);
      await expect.poll(async () => (await receive(1)).length, { interval: 100, timeout: 5_000 }).toBe(1);
      expect(Date.now() - changedAt).toBeGreaterThanOrEqual(950);
      // Received with a 1-second visibility that ran out: no longer in flight.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const [third] = await receive(1);
      expect(third.MessageId).toBe(MessageId);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await expect(change(third.ReceiptHandle, 5)).rejects.toMatchObject({ name: 'MessageNotInflight' });
      // DeleteMessage takes the latest handle too; one that is not SQS's is refused.
      await expect(
        client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: 'not-a-handle' })),
      ).rejects.toMatchObject({ name: 'ReceiptHandleIsInvalid' });
      await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: third.ReceiptHandle }));
      expect(await receive()).toEqual([]);
      expect(queues.idle(['autofill'])).toBe(true);
    } finally {
      release();
      client.destroy();
      await queues.stop();
    }
  });

  it("hands a failed message out again after its consumer's short backoff, not the visibility timeout; a poison one is dead-lettered after 3 receives", async () => {
    // Prepare: the queue's visibility timeout is a minute (on AWS, 6 × the consumer's timeout); the
    // consumer is fromStreamQueue with its own backoff (2 s, then 4 s), reaching the server through
    // the SQS client it makes, as on Lambda.
    const saved = {
      AWS_ENDPOINT_URL_SQS: process.env.AWS_ENDPOINT_URL_SQS,
      STREAM_RETRY_BACKOFF_SECONDS: process.env.STREAM_RETRY_BACKOFF_SECONDS,
      AWS_REGION: process.env.AWS_REGION,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
    };
    const receives = new Map<string, Array<{ at: number; count: string | undefined }>>();
    const handler = fromStreamQueue(async (event) => {
      const [record] = event.Records;
      const id = record.eventID ?? '';
      if (id === 'poison') throw new Error('poison');
      if (id === 'transient' && (receives.get(id)?.length ?? 0) < 2) throw new Error('transient');
      return { batchItemFailures: [] };
    });
    const queues = await startLocalSqs({
      queues: [
        {
          name: 'insightsExport',
          handler: async (event) => {
            for (const m of event.Records) {
              const id = JSON.parse(m.body).record.eventID as string;
              receives.set(id, [
                ...(receives.get(id) ?? []),
                { at: Date.now(), count: m.attributes.ApproximateReceiveCount },
              ]);
            }
            return handler(event);
          },
          batchSize: 1,
          concurrency: 2,
          maxReceiveCount: 3,
          visibilityTimeoutMs: 60_000,
        },
      ],
      deadLetterFile: join(dir, 'backoff-dead-letters.jsonl'),
    });
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SQS: queues.endpoint,
      AWS_REGION: 'ap-southeast-2',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'x',
    });
    delete process.env.STREAM_RETRY_BACKOFF_SECONDS;
    const client = new SQSClient({
      endpoint: queues.endpoint,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    try {
      const started = Date.now();
      // Act
      for (const eventID of ['transient', 'poison'])
        await client.send(
          new SendMessageCommand({
            QueueUrl: queues.urls.insightsExport,
            MessageBody: JSON.stringify({ record: { eventID, eventName: 'INSERT', dynamodb: {} } }),
          }),
        );
      await queues.whenIdle(['insightsExport']);
      const settled = Date.now() - started;
      // Assess: the transient one succeeded on its second receive, about 2 s after its first.
      const transient = receives.get('transient') ?? [];
      expect(transient.map((r) => r.count)).toEqual(['1', '2']);
      const retryAfter = transient[1].at - transient[0].at;
      expect(retryAfter).toBeGreaterThanOrEqual(1_900);
      expect(retryAfter).toBeLessThan(10_000);
      // The poison one: received 3 times (2 s, then 4 s apart), then dead-lettered.
      const poison = receives.get('poison') ?? [];
      expect(poison.map((r) => r.count)).toEqual(['1', '2', '3']);
      expect(poison[1].at - poison[0].at).toBeGreaterThanOrEqual(1_900);
      expect(poison[2].at - poison[1].at).toBeGreaterThanOrEqual(3_900);
      expect(
        queues.deadLetters('insightsExport').map((d) => [JSON.parse(d.body).record.eventID, d.receiveCount]),
      ).toEqual([['poison', 3]]);
      // Everything within seconds, not the queue's minute per retry.
      expect(settled).toBeLessThan(30_000);
      console.log(
        `local sqs backoff: retried after ${retryAfter} ms (visibility timeout 60000 ms); poison dead-lettered, all settled in ${settled} ms`,
      );
    } finally {
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      client.destroy();
      await queues.stop();
    }
  });
});
