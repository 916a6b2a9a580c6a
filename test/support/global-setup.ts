/**
 * The emulators a test run shares, started once per run (vitest `globalSetup` of the integration
 * and browser tiers; the two tiers share one through `globalThis`, since both setups run in the
 * main process): DynamoDB Local in memory, and the hosted domain's certificate. Each test file then
 * starts its own light stack around them (test/support/local-stack.ts) with a table of its own, so
 * files never see each other's data and run in parallel. Values reach the files through `provide`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDb } from '../../scripts/local/emulators';
import { ensureCertificate } from '../../scripts/local/hosted-ui';
import { isPortFree } from '../../scripts/local/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's DynamoDB Local (in memory). */
    dynamodbEndpoint: string;
    /** The hosted domain's certificate, made once. */
    certDir: string;
    /** A folder of this run's (the demo data's snapshot is built there once). */
    runDir: string;
  }
}

export const ROOT = resolve(import.meta.dirname, '../..');

interface Shared {
  users: number;
  started: Promise<{ dynamo: ChildProcess; endpoint: string; runDir: string; certDir: string }>;
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

async function startShared(): Promise<Awaited<Shared['started']>> {
  const certDir = join(ROOT, 'node_modules', '.cache', 'hosted-ui-certificate');
  const runDir = mkdtempSync(join(tmpdir(), 'workspace-run-'));
  await ensureCertificate(certDir);
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      const dynamo = await startDynamoDb(port);
      return { dynamo, endpoint: `http://127.0.0.1:${port}`, runDir, certDir };
    } catch (error) {
      if (attempt >= 3) {
        rmSync(runDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

export default async function setup(project: TestProject) {
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  registry[KEY] ??= { users: 0, started: startShared() };
  const shared = registry[KEY];
  shared.users++;
  const { dynamo, endpoint, runDir, certDir } = await shared.started;
  project.provide('dynamodbEndpoint', endpoint);
  project.provide('certDir', certDir);
  project.provide('runDir', runDir);
  return async () => {
    if (--shared.users > 0) return;
    registry[KEY] = undefined;
    await new Promise<void>((done) => {
      if (dynamo.exitCode !== null) return done();
      dynamo.once('exit', () => done());
      dynamo.kill('SIGTERM');
      setTimeout(() => dynamo.kill('SIGKILL'), 5000).unref();
    });
    rmSync(runDir, { recursive: true, force: true });
  };
}
