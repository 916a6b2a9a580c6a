/**
 * The local stand-in for the stream consumers' SQS queues and their event source mappings. No
 * SQS-compatible emulator installs from npm and runs without Java, Docker or the internet (ElasticMQ
 * is a JVM jar outside npm), so this is a small server of SQS's JSON protocol (AWS JSON 1.0, the one
 * @aws-sdk/client-sqs speaks) on 127.0.0.1: the stream dispatcher's real SQSClient sends to it through
 * AWS_ENDPOINT_URL_SQS, so its code is the same as on AWS. It answers SendMessage, SendMessageBatch,
 * ReceiveMessage, DeleteMessage, ChangeMessageVisibility, GetQueueUrl and GetQueueAttributes (enough
 * for the dispatcher, the consumers' retry backoff (functions/common/stream-queue.ts) and for looking
 * into a queue by hand).
 *
 * Each receive hands out a new receipt handle; DeleteMessage and ChangeMessageVisibility take the
 * latest one, as SQS does: a handle that is not one of this server's is ReceiptHandleIsInvalid, one of a
 * message deleted or received again since is InvalidParameterValue, and ChangeMessageVisibility on a
 * message whose visibility timeout has run out is MessageNotInflight. ChangeMessageVisibility sets the
 * message's visibility timeout anew, counted from the call (0 makes it visible at once).
 *
 * Each consumer queue is drained in-process the way Lambda's SQS event source does it: batches of
 * `batchSize`, at most `concurrency` invocations at once, an SQSEvent in, an SQSBatchResponse out
 * (partial batch failures by message id); a failed message becomes visible again when the visibility
 * its handler gave it with ChangeMessageVisibility runs out, or else after the queue's
 * `visibilityTimeoutMs` from its receive (as on AWS), or, without one, after a short pause
 * (`retryDelayMs` × its receive count: locally there is no crashed consumer to wait out, so the
 * visibility timeout only spaces the retries); after `maxReceiveCount` receives it moves to the
 * queue's dead-letter queue, which is kept in memory (`deadLetters()`) and appended to the stack's
 * dead-letter file. A FIFO queue hands out a message group's messages in order and never two batches
 * of one group at once; SendMessage with a deduplication id seen in the last five minutes is dropped.
 */
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

const ACCOUNT = '000000000000';
const DEDUPLICATION_MS = 5 * 60_000;

interface Message {
  messageId: string;
  body: string;
  groupId?: string;
  deduplicationId?: string;
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  /** Not handed out before this time. */
  visibleAt: number;
  /** Held by this server's event source (its handler runs); it releases the message itself. */
  inFlight: boolean;
  /** The latest receive's receipt handle (DeleteMessage and ChangeMessageVisibility take only it). */
  receiptHandle?: string;
  /** ChangeMessageVisibility was called since the latest receive. */
  visibilitySet: boolean;
  sequence: number;
}

/** The largest visibility timeout SQS takes (12 hours), in seconds. */
const MAX_VISIBILITY_SECONDS = 43_200;
/** What ReceiveMessage through the API hides a message for unless the queue or the call says otherwise. */
const DEFAULT_VISIBILITY_MS = 30_000;
const RECEIPT_HANDLE = /^local-rh\.([0-9a-f-]{36})\.([0-9a-f-]{36})$/;

export type SqsHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

export interface LocalQueueDefinition {
  /** The consumer's name (the queue is `<name>` or `<name>.fifo`). */
  name: string;
  fifo?: boolean;
  handler: SqsHandler;
  batchSize: number;
  /** Invocations at once (a FIFO queue: never two of one message group). */
  concurrency: number;
  maxReceiveCount: number;
  /** The pause before a failed message is handed out again, times its receive count. */
  retryDelayMs?: number;
  /**
   * The queue's visibility timeout: a failed message its handler gave no visibility of its own is
   * handed out again this long after its receive (on AWS: 6 × the consumer's timeout). Unset: the
   * `retryDelayMs` pause.
   */
  visibilityTimeoutMs?: number;
}

export interface DeadLetter {
  queue: string;
  messageId: string;
  body: string;
  receiveCount: number;
}

class LocalQueue {
  readonly messages: Message[] = [];
  readonly deadLetters: DeadLetter[] = [];
  private readonly seen = new Map<string, number>();
  private sequence = 0;
  private running = 0;
  /** Open unless held: no batch is handed on while it is pending. */
  private gate: Promise<void> = Promise.resolve();
  private readonly sleepers = new Set<() => void>();
  private idleWaiters: Array<() => void> = [];
  stopped = false;

  constructor(
    readonly definition: LocalQueueDefinition,
    readonly url: string,
    private readonly deadLetterFile: string,
  ) {}

  get queueName() {
    return this.definition.fifo ? `${this.definition.name}.fifo` : this.definition.name;
  }

  send(body: string, groupId?: string, deduplicationId?: string): { messageId: string; sequence?: string } {
    const now = Date.now();
    if (this.definition.fifo) {
      if (!groupId)
        throw new SqsError('MissingParameter', 'The request must contain the parameter MessageGroupId.');
      const dedup = deduplicationId ?? createHash('sha256').update(body).digest('hex');
      for (const [id, at] of this.seen) if (now - at > DEDUPLICATION_MS) this.seen.delete(id);
      if (this.seen.has(dedup)) return { messageId: randomUUID() };
      this.seen.set(dedup, now);
      deduplicationId = dedup;
    }
    const message: Message = {
      messageId: randomUUID(),
      body,
      groupId,
      deduplicationId,
      sentAt: now,
      receiveCount: 0,
      visibleAt: now,
      inFlight: false,
      visibilitySet: false,
      sequence: ++this.sequence,
    };
    this.messages.push(message);
    this.poke();
    return {
      messageId: message.messageId,
      sequence: this.definition.fifo ? String(message.sequence) : undefined,
    };
  }

  /**
   * Up to `max` messages that may be handed out now, each with a new receipt handle and hidden for
   * `visibilityMs`; `hold` marks them held by this server's event source until it releases them.
   */
  take(max: number, visibilityMs = this.visibilityMs, hold = true): Message[] {
    const now = Date.now();
    const busyGroups = new Set<string>();
    const taken: Message[] = [];
    for (const message of this.messages) {
      if (taken.length >= max) break;
      if (this.definition.fifo) {
        const group = message.groupId!;
        // A group's first message not yet done blocks the ones behind it.
        if (busyGroups.has(group)) continue;
        if (message.inFlight || message.visibleAt > now) {
          busyGroups.add(group);
          continue;
        }
      } else if (message.inFlight || message.visibleAt > now) continue;
      message.inFlight = hold;
      message.receiveCount++;
      message.firstReceivedAt ??= now;
      message.receiptHandle = `local-rh.${message.messageId}.${randomUUID()}`;
      message.visibilitySet = false;
      message.visibleAt = now + visibilityMs;
      taken.push(message);
    }
    return taken;
  }

  /** The queue's visibility timeout, or the default of a receive through the API. */
  get visibilityMs() {
    return this.definition.visibilityTimeoutMs ?? DEFAULT_VISIBILITY_MS;
  }

  /** Received and not yet visible again (SQS's "in flight"). */
  inFlightNow(message: Message, now = Date.now()) {
    return message.inFlight || (message.receiptHandle !== undefined && message.visibleAt > now);
  }

  /** The message whose latest receive handed out `receiptHandle`; SQS's errors for the others. */
  byReceiptHandle(receiptHandle: unknown): Message {
    const handle = String(receiptHandle ?? '');
    if (!RECEIPT_HANDLE.test(handle))
      throw new SqsError(
        'ReceiptHandleIsInvalid',
        `The input receipt handle "${handle}" is not a valid receipt handle.`,
      );
    const message = this.messages.find((m) => m.receiptHandle === handle);
    if (!message)
      throw new SqsError(
        'InvalidParameterValue',
        `Value ${handle} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
      );
    return message;
  }

  /** ChangeMessageVisibility: hidden for `seconds` from now (0: visible at once). */
  changeVisibility(receiptHandle: unknown, seconds: unknown) {
    const timeout = Number(seconds);
    if (
      seconds === undefined ||
      !Number.isInteger(timeout) ||
      timeout < 0 ||
      timeout > MAX_VISIBILITY_SECONDS
    )
      throw new SqsError(
        'InvalidParameterValue',
        `Value ${String(seconds)} for parameter VisibilityTimeout is invalid. Reason: Must be between 0 and ${MAX_VISIBILITY_SECONDS}.`,
      );
    const message = this.byReceiptHandle(receiptHandle);
    if (!this.inFlightNow(message))
      throw new SqsError('MessageNotInflight', 'The message referred to is not in flight.');
    message.visibleAt = Date.now() + timeout * 1000;
    message.visibilitySet = true;
    // A message the event source holds stays held until its handler returns (then visibleAt counts).
    this.poke();
  }

  delete(messageId: string): boolean {
    const index = this.messages.findIndex((m) => m.messageId === messageId);
    if (index < 0) return false;
    this.messages.splice(index, 1);
    return true;
  }

  /**
   * A message handed out and not deleted: visible again later (when the visibility its handler set
   * runs out, else the queue's visibility timeout from its receive, else after the local pause), or to
   * the dead-letter queue.
   */
  release(message: Message) {
    message.inFlight = false;
    if (message.receiveCount >= this.definition.maxReceiveCount) {
      this.delete(message.messageId);
      const dead: DeadLetter = {
        queue: this.queueName,
        messageId: message.messageId,
        body: message.body,
        receiveCount: message.receiveCount,
      };
      this.deadLetters.push(dead);
      mkdirSync(dirname(this.deadLetterFile), { recursive: true });
      appendFileSync(this.deadLetterFile, `${JSON.stringify(dead)}\n`);
      return;
    }
    if (message.visibilitySet || this.definition.visibilityTimeoutMs !== undefined) return;
    message.visibleAt = Date.now() + (this.definition.retryDelayMs ?? 100) * message.receiveCount;
  }

  toRecord(message: Message): SQSRecord {
    return {
      messageId: message.messageId,
      receiptHandle: message.receiptHandle ?? '',
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: ACCOUNT,
        ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
        ...(message.groupId
          ? {
              MessageGroupId: message.groupId,
              MessageDeduplicationId: message.deduplicationId,
              SequenceNumber: String(message.sequence),
            }
          : {}),
      },
      messageAttributes: {},
      md5OfBody: md5(message.body),
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:ap-southeast-2:${ACCOUNT}:${this.queueName}`,
      awsRegion: 'ap-southeast-2',
    };
  }

  get idle() {
    return this.messages.length === 0 && this.running === 0;
  }

  /** Resolves when the queue is empty and nothing of it runs. */
  whenIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      release();
      this.poke();
    };
  }

  poke() {
    for (const wake of [...this.sleepers]) wake();
  }

  /** The event source: `concurrency` workers taking batches while the queue is open. */
  start() {
    for (let i = 0; i < this.definition.concurrency; i++) void this.work();
  }

  private async work() {
    while (!this.stopped) {
      await this.gate;
      if (this.stopped) return;
      const batch = this.take(this.definition.batchSize);
      if (!batch.length) {
        this.settleIdle();
        const next = Math.min(...this.messages.filter((m) => !m.inFlight).map((m) => m.visibleAt));
        await new Promise<void>((resolve) => {
          let timer: NodeJS.Timeout | undefined;
          const done = () => {
            clearTimeout(timer);
            this.sleepers.delete(done);
            resolve();
          };
          this.sleepers.add(done);
          if (Number.isFinite(next)) timer = setTimeout(done, Math.max(5, next - Date.now()));
        });
        continue;
      }
      this.running++;
      let failed = new Set<string>();
      try {
        const result = await this.definition.handler({ Records: batch.map((m) => this.toRecord(m)) });
        failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      } catch (error) {
        console.error(`local queue ${this.queueName}: handler failed`, error);
        failed = new Set(batch.map((m) => m.messageId));
      }
      for (const message of batch) {
        if (failed.has(message.messageId)) this.release(message);
        else this.delete(message.messageId);
      }
      this.running--;
      this.settleIdle();
      this.poke();
      this.onHandled?.();
    }
  }

  onHandled?: () => void;

  private settleIdle() {
    if (!this.idle) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

class SqsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The code SQS's query-compatible error header carries (the SDK names the error after it): most are
 * `AWS.SimpleQueueService.<code>`, these few are bare, as in SQS's model.
 */
const BARE_QUERY_ERRORS = new Set(['ReceiptHandleIsInvalid', 'InvalidParameterValue', 'MissingParameter']);
const queryErrorCode = (code: string) =>
  BARE_QUERY_ERRORS.has(code) ? code : `AWS.SimpleQueueService.${code}`;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export interface LocalSqs {
  /** The endpoint for AWS_ENDPOINT_URL_SQS. */
  endpoint: string;
  /** Each consumer's queue URL (the dispatcher's STREAM_QUEUE_URLS). */
  urls: Record<string, string>;
  /** Resolves when these consumers' queues are empty and none of their handlers runs. */
  whenIdle(names: string[]): Promise<void>;
  idle(names: string[]): boolean;
  hold(names: string[]): () => void;
  /** What moved to these consumers' dead-letter queues. */
  deadLetters(name: string): DeadLetter[];
  /** Called after each handled batch (the runner reads the stream again at once). */
  onHandled(listener: () => void): void;
  stop(): Promise<void>;
}

/** Starts the queue server on 127.0.0.1 (a free port) and each queue's event source. */
export async function startLocalSqs(options: {
  queues: LocalQueueDefinition[];
  deadLetterFile: string;
  port?: number;
}): Promise<LocalSqs> {
  const byName = new Map<string, LocalQueue>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = target.replace(/^AmazonSQS\./, '');
      let status = 200;
      let result: unknown;
      try {
        const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        result = answer(operation, input);
      } catch (error) {
        status = 400;
        const code = error instanceof SqsError ? error.code : 'InvalidParameterValue';
        response.setHeader('x-amzn-query-error', `${queryErrorCode(code)};Sender`);
        result = { __type: `com.amazonaws.sqs#${code}`, message: (error as Error).message };
      }
      const body = JSON.stringify(result ?? {});
      response.writeHead(status, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-requestid': randomUUID(),
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host: '127.0.0.1' }, resolve);
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const definition of options.queues) {
    const name = definition.fifo ? `${definition.name}.fifo` : definition.name;
    const queue = new LocalQueue(definition, `${endpoint}/${ACCOUNT}/${name}`, options.deadLetterFile);
    byName.set(definition.name, queue);
  }
  const queueOf = (url: unknown): LocalQueue => {
    const name = String(url ?? '')
      .split('/')
      .pop();
    for (const queue of byName.values()) if (queue.queueName === name) return queue;
    throw new SqsError('QueueDoesNotExist', 'The specified queue does not exist.');
  };

  function answer(operation: string, input: Record<string, unknown>): unknown {
    switch (operation) {
      case 'SendMessage': {
        const queue = queueOf(input.QueueUrl);
        const sent = queue.send(
          String(input.MessageBody ?? ''),
          input.MessageGroupId as string | undefined,
          input.MessageDeduplicationId as string | undefined,
        );
        return {
          MessageId: sent.messageId,
          MD5OfMessageBody: md5(String(input.MessageBody ?? '')),
          ...(sent.sequence ? { SequenceNumber: sent.sequence } : {}),
        };
      }
      case 'SendMessageBatch': {
        const queue = queueOf(input.QueueUrl);
        const entries = (input.Entries ?? []) as Array<Record<string, string>>;
        if (!entries.length || entries.length > 10)
          throw new SqsError('TooManyEntriesInBatchRequest', 'A batch holds 1 to 10 entries.');
        const total = entries.reduce((sum, e) => sum + Buffer.byteLength(e.MessageBody ?? ''), 0);
        if (total > 256 * 1024)
          throw new SqsError('BatchRequestTooLong', 'The batch request is longer than 262144 bytes.');
        const Successful: unknown[] = [];
        const Failed: unknown[] = [];
        for (const entry of entries) {
          try {
            const sent = queue.send(entry.MessageBody, entry.MessageGroupId, entry.MessageDeduplicationId);
            Successful.push({
              Id: entry.Id,
              MessageId: sent.messageId,
              MD5OfMessageBody: md5(entry.MessageBody),
              ...(sent.sequence ? { SequenceNumber: sent.sequence } : {}),
            });
          } catch (error) {
            Failed.push({
              Id: entry.Id,
              SenderFault: true,
              Code: (error as SqsError).code,
              Message: (error as Error).message,
            });
          }
        }
        return { Successful, Failed };
      }
      case 'ReceiveMessage': {
        const queue = queueOf(input.QueueUrl);
        const visibilityMs =
          input.VisibilityTimeout === undefined ? queue.visibilityMs : Number(input.VisibilityTimeout) * 1000;
        // Hidden for the visibility timeout, then handed out again unless deleted (no event source holds it).
        const taken = queue.take(Math.min(Number(input.MaxNumberOfMessages ?? 1), 10), visibilityMs, false);
        return {
          Messages: taken.map((m) => {
            const record = queue.toRecord(m);
            return {
              MessageId: m.messageId,
              ReceiptHandle: m.receiptHandle,
              Body: m.body,
              MD5OfBody: record.md5OfBody,
            };
          }),
        };
      }
      case 'DeleteMessage': {
        const queue = queueOf(input.QueueUrl);
        const handle = String(input.ReceiptHandle ?? '');
        if (!RECEIPT_HANDLE.test(handle))
          throw new SqsError(
            'ReceiptHandleIsInvalid',
            `The input receipt handle "${handle}" is not a valid receipt handle.`,
          );
        // A handle of a message already deleted (or received again since) is no error on a standard queue.
        const message = queue.messages.find((m) => m.receiptHandle === handle);
        if (message) queue.delete(message.messageId);
        return {};
      }
      case 'ChangeMessageVisibility':
        queueOf(input.QueueUrl).changeVisibility(input.ReceiptHandle, input.VisibilityTimeout);
        return {};
      case 'GetQueueUrl': {
        for (const queue of byName.values())
          if (queue.queueName === input.QueueName) return { QueueUrl: queue.url };
        throw new SqsError('QueueDoesNotExist', 'The specified queue does not exist.');
      }
      case 'GetQueueAttributes': {
        const queue = queueOf(input.QueueUrl);
        return {
          Attributes: {
            ApproximateNumberOfMessages: String(queue.messages.filter((m) => !queue.inFlightNow(m)).length),
            ApproximateNumberOfMessagesNotVisible: String(
              queue.messages.filter((m) => queue.inFlightNow(m)).length,
            ),
            FifoQueue: String(Boolean(queue.definition.fifo)),
          },
        };
      }
      default:
        throw new SqsError('UnsupportedOperation', `${operation} is not supported by the local queues.`);
    }
  }

  const pick = (names: string[]) =>
    names.map((name) => {
      const queue = byName.get(name);
      if (!queue) throw new Error(`No local queue ${name}`);
      return queue;
    });
  for (const queue of byName.values()) queue.start();
  return {
    endpoint,
    urls: Object.fromEntries([...byName].map(([name, q]) => [name, q.url])),
    async whenIdle(names) {
      await Promise.all(pick(names).map((q) => q.whenIdle()));
    },
    idle: (names) => pick(names).every((q) => q.idle),
    hold(names) {
      const releases = pick(names).map((q) => q.hold());
      return () => {
        for (const release of releases) release();
      };
    },
    deadLetters: (name) => [...pick([name])[0].deadLetters],
    onHandled(listener) {
      for (const queue of byName.values()) queue.onHandled = listener;
    },
    async stop() {
      for (const queue of byName.values()) {
        queue.stopped = true;
        queue.poke();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
