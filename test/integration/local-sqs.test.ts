/**
 * The local queues of the stream consumers (scripts/local/sqs.ts), reached through the real SQS
 * client as the dispatcher reaches them: a FIFO queue hands a message group's messages in order and
 * holds the group behind a failing message until it moves to the dead-letter queue after 3 receives,
 * while other groups go on; a resend with the same deduplication id is dropped; partial batch
 * failures fail only the messages named.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
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
});
