/**
 * The demo workspace (the demo team, its members, projects, library, documents and quizzes) built
 * once per test run and copied into each file's stack that asks for it, instead of seeded again by
 * every file. The first file that needs it builds it in a child process (the handlers' clients are
 * bound to one stack per process) into the run's folder and a table of its own; the others wait for
 * it. A copy is the snapshot's folder (user pool, buckets, sent mail) and its table's items, written
 * before the copy's stream is read, so nothing in it is reacted to twice.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  BatchWriteItemCommand,
  DynamoDBClient,
  ScanCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';

export interface DemoSnapshot {
  /** The data folder to copy (user pool, buckets, sent mail). */
  dataDir: string;
  tableName: string;
  /** The DynamoDB Local holding the table. */
  dynamodbEndpoint: string;
}

const ROOT = resolve(import.meta.dirname, '../..');
const BUILD_TIMEOUT_MS = 240_000;

/** The run's snapshot of the demo data: built by the first caller, waited for by the others. */
export async function demoSnapshot(options: {
  runDir: string;
  dynamodbEndpoint: string;
  certDir: string;
}): Promise<DemoSnapshot> {
  const dir = join(options.runDir, 'demo-snapshot');
  const ready = join(dir, 'ready.json');
  const failed = join(dir, 'failed.txt');
  let builder = false;
  try {
    mkdirSync(dir);
    builder = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (builder) {
    const snapshot: DemoSnapshot = {
      dataDir: join(dir, 'data'),
      tableName: 'demo-snapshot',
      dynamodbEndpoint: options.dynamodbEndpoint,
    };
    const log = join(dir, 'build.log');
    const out = openSync(log, 'a');
    const code = await new Promise<number | null>((done) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'test/support/build-demo-snapshot.ts')],
        {
          cwd: ROOT,
          stdio: ['ignore', out, out],
          env: {
            ...process.env,
            SNAPSHOT: JSON.stringify({ ...snapshot, ...options }),
          },
        },
      );
      const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        done(exitCode);
      });
    });
    if (code !== 0) {
      writeFileSync(failed, `The demo data could not be built (exit ${code}); see ${log}`);
      throw new Error(readFileSync(failed, 'utf8'));
    }
    writeFileSync(ready, JSON.stringify(snapshot));
    return snapshot;
  }
  const deadline = Date.now() + BUILD_TIMEOUT_MS + 10_000;
  while (Date.now() < deadline) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as DemoSnapshot;
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('The demo data snapshot was not ready in time');
}

/** The snapshot's folder copied into a stack's data folder, before its emulators start. */
export function copySnapshotFiles(snapshot: DemoSnapshot, dataDir: string): void {
  cpSync(snapshot.dataDir, dataDir, { recursive: true });
}

/** Every item of the snapshot's table written into `tableName` (25 to a batch, several at once). */
export async function copySnapshotTable(
  dynamo: DynamoDBClient,
  snapshot: DemoSnapshot,
  tableName: string,
): Promise<number> {
  const source = new DynamoDBClient({ endpoint: snapshot.dynamodbEndpoint });
  let copied = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await source.send(
      new ScanCommand({ TableName: snapshot.tableName, ExclusiveStartKey: startKey as never }),
    );
    const items = page.Items ?? [];
    const batches: WriteRequest[][] = [];
    for (let i = 0; i < items.length; i += 25)
      batches.push(items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })));
    await Promise.all(
      batches.map(async (batch) => {
        let pending: WriteRequest[] | undefined = batch;
        for (let attempt = 0; pending?.length; attempt++) {
          if (attempt > 10) throw new Error('DynamoDB Local kept items of the snapshot unprocessed');
          const result: { UnprocessedItems?: Record<string, WriteRequest[]> } = await dynamo.send(
            new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }),
          );
          pending = result.UnprocessedItems?.[tableName];
        }
      }),
    );
    copied += items.length;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  source.destroy();
  return copied;
}
