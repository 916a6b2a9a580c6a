/**
 * The emulators a test run shares, started once per run (vitest `globalSetup` of the integration
 * and browser tiers; the two tiers share them through `globalThis`, since both setups run in the
 * main process): one DynamoDB Local per worker, in memory, and the hosted domain's certificate.
 * Each test file then starts its own light stack around its worker's DynamoDB Local
 * (test/support/local-stack.ts) with a table of its own, so files never see each other's data and
 * run in parallel. (One DynamoDB Local for both workers was measured slower: it handles one
 * request at a time per database, and its stream bookkeeping grows with every table's writes.)
 * Values reach the files through `provide`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDb, stopProcess } from '../../scripts/local/emulators';
import { ensureCertificate } from '../../scripts/local/hosted-ui';
import { isPortFree } from '../../scripts/local/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's DynamoDB Locals (in memory), one per worker (`VITEST_POOL_ID`). */
    dynamodbEndpoints: string[];
    /** The hosted domain's certificate, made once. */
    certDir: string;
    /** A folder of this run's (the demo data's snapshot is built there once). */
    runDir: string;
  }
}

export const ROOT = resolve(import.meta.dirname, '../..');

interface Shared {
  users: number;
  started: Promise<{ dynamos: ChildProcess[]; endpoints: string[]; runDir: string; certDir: string }>;
}
const KEY = Symbol.for('questionnaire-workspace.test-emulators');
const registry = globalThis as unknown as Record<symbol, Shared | undefined>;

async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (await isPortFree(port)) return port;
  }
  throw new Error('No free port for DynamoDB Local');
}

const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

async function startDynamoDbOnFreePort(): Promise<ChildProcess & { port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      // The client JIT only and the serial collector: about 8% less CPU over a run's requests
      // than the defaults, measured on the bad-input sweep and the sources file together.
      return Object.assign(await startDynamoDb(port, undefined, JVM_OPTIONS), { port });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

async function startShared(workers: number): Promise<Awaited<Shared['started']>> {
  const certDir = join(ROOT, 'node_modules', '.cache', 'hosted-ui-certificate');
  const runDir = mkdtempSync(join(tmpdir(), 'workspace-run-'));
  await ensureCertificate(certDir);
  const started = await Promise.allSettled(Array.from({ length: workers }, startDynamoDbOnFreePort));
  const dynamos = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failure = started.find((r) => r.status === 'rejected');
  if (failure) {
    await Promise.all(dynamos.map(stopProcess));
    rmSync(runDir, { recursive: true, force: true });
    throw failure.reason;
  }
  return { dynamos, endpoints: dynamos.map((d) => `http://127.0.0.1:${d.port}`), runDir, certDir };
}

export default async function setup(project: TestProject) {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  registry[KEY] ??= { users: 0, started: startShared(workers) };
  const shared = registry[KEY];
  shared.users++;
  const { dynamos, endpoints, runDir, certDir } = await shared.started;
  project.provide('dynamodbEndpoints', endpoints);
  project.provide('certDir', certDir);
  project.provide('runDir', runDir);
  return async () => {
    if (--shared.users > 0) return;
    registry[KEY] = undefined;
    await Promise.all(dynamos.map(stopProcess));
    rmSync(runDir, { recursive: true, force: true });
  };
}
