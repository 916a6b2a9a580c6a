/**
 * The stream dispatcher and the SQS edge of its consumers: the one matcher (shared/stream-routing.ts)
 * built from shared/background-functions.ts, the dispatcher's SendMessageBatch calls (10 entries at
 * most, unprocessed entries retried, a record that cannot be sent reported so the mapping retries it,
 * an oversized record kept in S3 and passed by key) and fromStreamQueue (a failing record reported
 * alone by its message id; on a FIFO queue, with the later messages of its group; each failed one
 * hidden for a short backoff on its own queue before it is reported).
 */

import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ChangeMessageVisibilityCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBRecord, SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fromStreamQueue,
  queueUrlOf,
  RETRY_BACKOFF_MAX_SECONDS,
  retryBackoffSeconds,
} from '../../functions/common/stream-queue';
import { consumersOf, STREAM_QUEUE_URLS_VARIABLE } from '../../shared/stream-routing';

const sqs = mockClient(SQSClient);
const s3 = mockClient(S3Client);
const URLS = {
  reactions: 'http://sqs.local/000000000000/reactions.fifo',
  sourceProcessor: 'http://sqs.local/000000000000/sourceProcessor',
  libraryFileReader: 'http://sqs.local/000000000000/libraryFileReader',
  autofill: 'http://sqs.local/000000000000/autofill',
  insightsExport: 'http://sqs.local/000000000000/insightsExport',
};

beforeAll(() => {
  process.env[STREAM_QUEUE_URLS_VARIABLE] = JSON.stringify(URLS);
  process.env.UPLOADS_BUCKET = 'uploads';
});
beforeEach(() => {
  sqs.reset();
  s3.reset();
});
afterEach(() => {
  sqs.reset();
  s3.reset();
});

const S = (value: string) => ({ S: value });
function record(
  n: number,
  image: Record<string, unknown>,
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE' = 'INSERT',
): DynamoDBRecord {
  const keys = { pk: S(String(image.pk ?? `TEAM#t#PROJECT#p${n}`)), sk: S(`ITEM#${n}`) };
  const item = Object.fromEntries(
    Object.entries({ ...image, pk: undefined }).flatMap(([k, v]) =>
      v === undefined ? [] : [[k, S(String(v))]],
    ),
  );
  return {
    eventID: `event-${n}`,
    eventName,
    dynamodb: {
      Keys: keys,
      SequenceNumber: String(1000 + n),
      ...(eventName === 'REMOVE' ? { OldImage: { ...keys, ...item } } : { NewImage: { ...keys, ...item } }),
    } as DynamoDBRecord['dynamodb'],
  };
}
const question = (n: number, pk?: string) => record(n, { __edb_e__: 'question', pk });

describe('the matcher', () => {
  it('sends a reaction entity to the reactions and a trigger to its job, nothing else', () => {
    // Prepare
    const processing = record(1, { __edb_e__: 'source', status: 'PROCESSING' });
    const uploading = record(2, { __edb_e__: 'source', status: 'UPLOADING' });
    const applying = record(3, { __edb_e__: 'sourceSheet', applyState: 'APPLYING' }, 'MODIFY');
    const autofill = record(4, { __edb_e__: 'autofillRun', status: 'QUEUED' });
    const libraryFile = record(5, { __edb_e__: 'libraryFile', status: 'PROCESSING' });
    const removed = record(6, { __edb_e__: 'source', status: 'PROCESSING' }, 'REMOVE');
    // Act / Assess
    expect(consumersOf(processing)).toEqual(['reactions', 'sourceProcessor']);
    expect(consumersOf(uploading)).toEqual(['reactions']);
    expect(consumersOf(applying)).toEqual(['reactions', 'sourceProcessor']);
    expect(consumersOf(autofill)).toEqual(['reactions', 'autofill']);
    // libraryFile is no reaction entity: only its job.
    expect(consumersOf(libraryFile)).toEqual(['libraryFileReader']);
    // A removed item triggers no job, but the reactions see it through its old image.
    expect(consumersOf(removed)).toEqual(['reactions']);
    expect(consumersOf(record(7, { __edb_e__: 'rateLimit' }))).toEqual([]);
    expect(consumersOf({ eventName: 'INSERT', dynamodb: { NewImage: { pk: S('HEALTH') } } })).toEqual([]);
  });

  it('reads no inherited property for an entity or attribute named like one', () => {
    // Prepare
    const hostile = ['constructor', '__proto__', 'toString', 'hasOwnProperty'].map((word, n) =>
      record(n, { __edb_e__: word, status: word }),
    );
    // Act / Assess
    for (const r of hostile) expect(consumersOf(r)).toEqual([]);
  });
});

describe('the dispatcher', () => {
  it("packs a partition's changes into messages of at most 100 records for the reactions, in order, each group apart", async () => {
    // Prepare: 250 changes of one project's questions, with 5 of another project's among them.
    sqs.on(SendMessageBatchCommand).callsFake((input) => ({
      Successful: input.Entries.map((e: { Id: string }) => ({ Id: e.Id })),
      Failed: [],
    }));
    const { handler } = await import('../../functions/dispatcher/handler');
    const records = Array.from({ length: 255 }, (_, n) =>
      question(n, n % 51 === 7 ? 'TEAM#t#PROJECT#other' : 'TEAM#t#PROJECT#same'),
    );
    // Act
    const result = await handler({ Records: records });
    // Assess: 3 messages of the big project (100, 100, 50) and 1 of the other, each group in order.
    expect(result.batchItemFailures).toEqual([]);
    const calls = sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(new Set(calls.map((c) => c.QueueUrl))).toEqual(new Set([URLS.reactions]));
    const entries = calls.flatMap((c) => c.Entries ?? []);
    const bodies = entries.map((e) => JSON.parse(e.MessageBody!) as { records: DynamoDBRecord[] });
    expect(bodies.map((b) => b.records.length).sort((a, b) => a - b)).toEqual([5, 50, 100, 100]);
    expect(new Set(entries.map((e) => e.MessageDeduplicationId)).size).toBe(4);
    for (const group of new Set(entries.map((e) => e.MessageGroupId))) {
      const sent = entries
        .filter((e) => e.MessageGroupId === group)
        .flatMap((e) => (JSON.parse(e.MessageBody!) as { records: DynamoDBRecord[] }).records);
      const pk = sent[0].dynamodb?.Keys?.pk?.S;
      expect(sent.map((r) => r.eventID)).toEqual(
        records.filter((r) => r.dynamodb?.Keys?.pk?.S === pk).map((r) => r.eventID),
      );
    }
    expect(entries.every((e) => Buffer.byteLength(e.MessageBody!) < 256 * 1024)).toBe(true);
  });

  it('sends a job one message per record, on its standard queue', async () => {
    // Prepare
    sqs.on(SendMessageBatchCommand).callsFake((input) => ({ Successful: input.Entries, Failed: [] }));
    const { handler } = await import('../../functions/dispatcher/handler');
    const exports = Array.from({ length: 3 }, (_, n) =>
      record(n, { __edb_e__: 'insightsExport', status: 'QUEUED', pk: 'TEAM#t' }),
    );
    // Act
    await handler({ Records: exports });
    // Assess
    const entries = sqs
      .commandCalls(SendMessageBatchCommand)
      .map((c) => c.args[0].input)
      .filter((c) => c.QueueUrl === URLS.insightsExport)
      .flatMap((c) => c.Entries ?? []);
    expect(entries.map((e) => JSON.parse(e.MessageBody!).record.eventID)).toEqual(
      exports.map((r) => r.eventID),
    );
  });

  it('retries the entries SQS did not take, and reports a record it still cannot send', async () => {
    // Prepare: entry 1 refused once, entry 2 refused every time.
    let refusedOnce = false;
    sqs.on(SendMessageBatchCommand).callsFake((input) => {
      const Failed = input.Entries.filter(
        (e: { Id: string }) => e.Id === '2' || (e.Id === '1' && !refusedOnce),
      ).map((e: { Id: string }) => ({ Id: e.Id, Code: 'InternalError', SenderFault: false }));
      if (Failed.some((f: { Id: string }) => f.Id === '1')) refusedOnce = true;
      return {
        Successful: input.Entries.filter(
          (e: { Id: string }) => !Failed.some((f: { Id: string }) => f.Id === e.Id),
        ),
        Failed,
      };
    });
    const { handler } = await import('../../functions/dispatcher/handler');
    // Act
    const result = await handler({ Records: [question(0), question(1), question(2), question(3)] });
    // Assess: the mapping retries from the record not sent.
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '1002' }]);
    const sent = sqs.commandCalls(SendMessageBatchCommand).flatMap((c) => c.args[0].input.Entries ?? []);
    expect(sent.filter((e) => e.Id === '1')).toHaveLength(2);
    expect(sent.filter((e) => e.Id === '2').length).toBeGreaterThan(2);
  });

  it('fails the batch when SQS cannot be reached', async () => {
    // Prepare
    sqs.on(SendMessageBatchCommand).rejects(new Error('connect ECONNREFUSED'));
    const { handler } = await import('../../functions/dispatcher/handler');
    // Act
    const result = await handler({ Records: [question(0), question(1)] });
    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '1000' }]);
  });

  it('keeps a record above the inline limit in S3 and sends its key, which the consumer reads back', async () => {
    // Prepare: a 300 KB answer in both images (a DynamoDB item may hold 400 KB; SQS takes 256 KB).
    const big = record(9, { __edb_e__: 'question', answer: 'x'.repeat(300_000) }, 'MODIFY');
    big.dynamodb!.OldImage = big.dynamodb!.NewImage;
    const stored = new Map<string, string>();
    s3.on(PutObjectCommand).callsFake((input) => {
      stored.set(input.Key, Buffer.from(input.Body).toString('utf8'));
      return {};
    });
    s3.on(GetObjectCommand).callsFake((input) => ({
      Body: { transformToByteArray: async () => new Uint8Array(Buffer.from(stored.get(input.Key) ?? '')) },
    }));
    sqs.on(SendMessageBatchCommand).callsFake((input) => ({ Successful: input.Entries, Failed: [] }));
    const { handler } = await import('../../functions/dispatcher/handler');
    // Act
    const result = await handler({ Records: [big] });
    const [entry] = sqs.commandCalls(SendMessageBatchCommand)[0].args[0].input.Entries ?? [];
    const seen: DynamoDBRecord[] = [];
    const consumer = fromStreamQueue(async (event) => {
      seen.push(...event.Records);
      return { batchItemFailures: [] };
    });
    const response = await consumer(sqsEvent([{ id: 'm1', body: entry.MessageBody! }]));
    // Assess
    expect(result.batchItemFailures).toEqual([]);
    expect(Buffer.byteLength(entry.MessageBody!)).toBeLessThan(1024);
    const { recordKey } = JSON.parse(entry.MessageBody!);
    expect(recordKey).toMatch(/^stream-records\/[\w-]+\.json$/);
    expect(response.batchItemFailures).toEqual([]);
    expect(seen).toEqual([big]);
  });
});

const QUEUE_ARN = 'arn:aws:sqs:ap-southeast-2:123456789012:insightsExport';
function sqsEvent(
  messages: Array<{ id: string; body: string; group?: string; receives?: number }>,
): SQSEvent {
  return {
    Records: messages.map(
      (m) =>
        ({
          messageId: m.id,
          receiptHandle: `handle-${m.id}`,
          body: m.body,
          attributes: {
            ApproximateReceiveCount: String(m.receives ?? 1),
            ...(m.group ? { MessageGroupId: m.group } : {}),
          },
          eventSourceARN: QUEUE_ARN,
        }) as unknown as SQSRecord,
    ),
  };
}
const inline = (r: DynamoDBRecord) => JSON.stringify({ record: r });

describe('the SQS edge of a consumer', () => {
  it('reports a record whose handling throws alone, and handles the others (a job)', async () => {
    // Prepare
    const handled: string[] = [];
    const consumer = fromStreamQueue(async (event) => {
      const [r] = event.Records;
      if (r.eventID === 'event-1') throw new Error('poison');
      handled.push(r.eventID!);
      return { batchItemFailures: [] };
    });
    // Act
    const response = await consumer(
      sqsEvent([0, 1, 2].map((n) => ({ id: `m${n}`, body: inline(question(n)) }))),
    );
    // Assess
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(handled).toEqual(['event-0', 'event-2']);
  });

  it("maps the handler's failed sequence numbers to messages, and reports only those (FIFO too)", async () => {
    // Prepare: two groups; the reactions fail on record 1 (group a).
    const consumer = fromStreamQueue(async () => ({ batchItemFailures: [{ itemIdentifier: '1001' }] }), {
      together: true,
    });
    const messages = [
      { id: 'm0', body: inline(question(0)), group: 'a' },
      { id: 'm1', body: inline(question(1)), group: 'a' },
      { id: 'm2', body: inline(question(2)), group: 'b' },
      { id: 'm3', body: inline(question(3)), group: 'a' },
      { id: 'm4', body: 'not json', group: 'c' },
    ];
    // Act
    const response = await consumer(sqsEvent(messages));
    // Assess: m1 and the unreadable m4; m0, m2 and m3 (handled, behind m1 in its group) are done,
    // so no receive is counted against them.
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm4' }]);
  });

  it('unpacks packed messages in order, and reports a packed message whose record failed (the others handled)', async () => {
    // Prepare: two packed messages of one group; the reactions fail on record 4 (the second one).
    const seen: string[] = [];
    const consumer = fromStreamQueue(
      async (event) => {
        seen.push(...event.Records.map((r) => r.eventID ?? ''));
        return { batchItemFailures: [{ itemIdentifier: '1004' }] };
      },
      { together: true },
    );
    const packedBody = (ns: number[]) => JSON.stringify({ records: ns.map((n) => question(n)) });
    const messages = [
      { id: 'm0', body: packedBody([0, 1, 2]), group: 'a' },
      { id: 'm1', body: packedBody([3, 4, 5]), group: 'a' },
      { id: 'm2', body: JSON.stringify({ records: [] }), group: 'b' },
    ];
    // Act
    const response = await consumer(sqsEvent(messages));
    // Assess: every record reached the handler once, in order; m1 is retried whole, m2 holds nothing.
    expect(seen).toEqual(['event-0', 'event-1', 'event-2', 'event-3', 'event-4', 'event-5']);
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }]);
  });

  it('hides each failed message for a short backoff on its own queue, growing with its receives', async () => {
    // Prepare: m1 fails on its first receive, m3 on its third; m0 and m2 succeed.
    const previous = process.env.AWS_ENDPOINT_URL_SQS;
    delete process.env.AWS_ENDPOINT_URL_SQS;
    const consumer = fromStreamQueue(async (event) => {
      const [r] = event.Records;
      if (r.eventID === 'event-1' || r.eventID === 'event-3') throw new Error('transient');
      return { batchItemFailures: [] };
    });
    const messages = [0, 1, 2, 3].map((n) => ({
      id: `m${n}`,
      body: inline(question(n)),
      receives: n === 3 ? 3 : 1,
    }));
    // Act
    const response = await consumer(sqsEvent(messages));
    if (previous !== undefined) process.env.AWS_ENDPOINT_URL_SQS = previous;
    // Assess: the failed ones only, each on the queue it came from, before they are reported.
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm3' }]);
    const calls = sqs.commandCalls(ChangeMessageVisibilityCommand).map((c) => c.args[0].input);
    expect(calls).toEqual([
      {
        QueueUrl: 'https://sqs.ap-southeast-2.amazonaws.com/123456789012/insightsExport',
        ReceiptHandle: 'handle-m1',
        VisibilityTimeout: 2,
      },
      {
        QueueUrl: 'https://sqs.ap-southeast-2.amazonaws.com/123456789012/insightsExport',
        ReceiptHandle: 'handle-m3',
        VisibilityTimeout: 8,
      },
    ]);
  });

  it('still reports a failed message whose backoff SQS refuses (it waits for the visibility timeout)', async () => {
    // Prepare
    sqs.on(ChangeMessageVisibilityCommand).rejects(new Error('AccessDenied'));
    const consumer = fromStreamQueue(async () => {
      throw new Error('transient');
    });
    // Act
    const response = await consumer(sqsEvent([{ id: 'm0', body: inline(question(0)) }]));
    // Assess
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)).toHaveLength(1);
  });

  it('sends nothing to SQS when every message succeeds', async () => {
    // Prepare
    const consumer = fromStreamQueue(async () => ({ batchItemFailures: [] }));
    // Act
    const response = await consumer(sqsEvent([{ id: 'm0', body: inline(question(0)) }]));
    // Assess
    expect(response.batchItemFailures).toEqual([]);
    expect(sqs.commandCalls(ChangeMessageVisibilityCommand)).toHaveLength(0);
  });
});

describe('the retry backoff', () => {
  it('doubles from 2 seconds with each receive, up to its cap; a configured base replaces 2', () => {
    // Prepare
    const previous = process.env.STREAM_RETRY_BACKOFF_SECONDS;
    delete process.env.STREAM_RETRY_BACKOFF_SECONDS;
    // Act / Assess
    expect([1, 2, 3, 4].map(retryBackoffSeconds)).toEqual([2, 4, 8, 16]);
    expect(retryBackoffSeconds(Number.NaN)).toBe(2);
    expect(retryBackoffSeconds(1_000)).toBe(RETRY_BACKOFF_MAX_SECONDS);
    process.env.STREAM_RETRY_BACKOFF_SECONDS = '0';
    expect(retryBackoffSeconds(3)).toBe(0);
    process.env.STREAM_RETRY_BACKOFF_SECONDS = '1';
    expect(retryBackoffSeconds(3)).toBe(4);
    if (previous === undefined) delete process.env.STREAM_RETRY_BACKOFF_SECONDS;
    else process.env.STREAM_RETRY_BACKOFF_SECONDS = previous;
  });

  it("derives a queue's URL from its ARN, at the local endpoint where one is set", () => {
    // Prepare
    const previous = process.env.AWS_ENDPOINT_URL_SQS;
    delete process.env.AWS_ENDPOINT_URL_SQS;
    // Act / Assess
    expect(queueUrlOf('arn:aws:sqs:ap-southeast-2:123456789012:reactions.fifo')).toBe(
      'https://sqs.ap-southeast-2.amazonaws.com/123456789012/reactions.fifo',
    );
    process.env.AWS_ENDPOINT_URL_SQS = 'http://127.0.0.1:4567/';
    expect(queueUrlOf('arn:aws:sqs:ap-southeast-2:000000000000:autofill')).toBe(
      'http://127.0.0.1:4567/000000000000/autofill',
    );
    expect(() => queueUrlOf('arn:aws:sns:ap-southeast-2:000000000000:topic')).toThrow(/Not an SQS queue ARN/);
    if (previous === undefined) delete process.env.AWS_ENDPOINT_URL_SQS;
    else process.env.AWS_ENDPOINT_URL_SQS = previous;
  });
});
