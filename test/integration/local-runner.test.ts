/**
 * The local runner never leaves an emulator behind: DynamoDB Local (a Java child process) dies with
 * the runner even when the runner is killed with SIGKILL, and a port already taken (e.g. by an
 * emulator an earlier run left) is refused at start with a clear message, before anything starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPortHolders, isPortFree } from '../../scripts/local/ports';
import { localSecrets, SECRETS_FILE } from '../../scripts/local/secrets';
import { findFreeBasePort, portsFor, startLocalStack } from '../../scripts/local/stack';
import { eventually } from '../support/eventually';
import { Resources } from '../support/resources';

const ROOT = resolve(import.meta.dirname, '../..');
const resources = new Resources();
afterAll(() => resources.stopAll());

/** A throw-away data directory, removed however the test ends. */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'workspace-runner-'));
  resources.add(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Alive and not a zombie (an orphan that exited may wait to be reaped by a busy init). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function killIfAlive(pid: number | undefined) {
  if (pid === undefined || !isAlive(pid)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {}
}

/** Starts the stack in its own Node process (no tsx launcher in between) and resolves once it is up. */
function startRunner(port: number, dataDir: string): Promise<ChildProcess> {
  const script = join(dataDir, 'runner.mts');
  writeFileSync(
    script,
    `import { startLocalStack } from ${JSON.stringify(join(ROOT, 'scripts/local/stack.ts'))};
await startLocalStack({ port: ${port}, dataDir: ${JSON.stringify(join(dataDir, 'data'))}, seed: false, logLevel: 'ERROR' });
console.log('RUNNER READY');
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
  });
  resources.add(() => killIfAlive(child.pid));
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`Runner not up in 120 s:\n${output}`)), 120_000);
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('RUNNER READY')) {
        clearTimeout(timer);
        resolvePromise(child);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Runner exited (${code ?? signal}) before it was up:\n${output}`));
    });
  });
}

describe('local runner', () => {
  it('takes DynamoDB Local down with it when it is killed with SIGKILL', async () => {
    const dataDir = tempDir();
    const ports = portsFor(await findFreeBasePort());
    const runner = await startRunner(ports.app, dataDir);

    const holders = findPortHolders(ports.dynamodb);
    expect(holders).toHaveLength(1);
    const [dynamo] = holders;
    // Whatever happens below, the emulator does not outlive the test.
    resources.add(() => killIfAlive(dynamo.pid));
    expect(dynamo.command).toContain('DynamoDbLoopback');
    expect(dynamo.pid).not.toBe(runner.pid);
    expect(isAlive(dynamo.pid)).toBe(true);

    const exited = new Promise((resolvePromise) => runner.once('exit', resolvePromise));
    runner.kill('SIGKILL');
    await exited;

    await eventually(
      async () => {
        expect(isAlive(dynamo.pid)).toBe(false);
        expect(await isPortFree(ports.dynamodb)).toBe(true);
      },
      { timeoutMs: 5_000 },
    );
  }, 180_000);

  it.each([
    ['DynamoDB Local', 1],
    ['app', 0],
  ] as const)(
    'refuses to start when the %s port is taken, naming it and its holder, and starts nothing',
    async (name, offset) => {
      const dataDir = tempDir();
      const base = await findFreeBasePort();
      const taken = base + offset;
      const squatter = await resources.start(
        new Promise<Server>((resolvePromise, reject) => {
          const server = createServer((socket) => socket.destroy());
          server.once('error', reject);
          server.listen(taken, '127.0.0.1', () => resolvePromise(server));
        }),
        (server) => new Promise<void>((done) => server.close(() => done())),
      );
      expect(squatter.listening).toBe(true);

      const started = startLocalStack({ port: base, dataDir, seed: false, logLevel: 'ERROR' });
      // Should it start anyway, it is stopped with the rest.
      resources.start(started, (stack) => stack.stop()).catch(() => {});
      const error: Error = await started.then(
        () => new Error('started'),
        (reason: Error) => reason,
      );
      expect(error.message).toContain(`Port ${taken} (${name}) is already in use by pid ${process.pid}`);
      expect(error.message).toContain('emulator left by an earlier run');
      expect(error.message).toContain('--port');

      // Nothing was started: every other port is free and no emulator wrote its data.
      const others = Object.values(portsFor(base)).filter((port) => port !== taken);
      expect(await Promise.all(others.map(isPortFree))).toEqual(others.map(() => true));
      expect(findPortHolders(taken).map((h) => h.pid)).toEqual([process.pid]);
      for (const emulator of ['dynamodb', 's3', 'cognito'])
        expect(existsSync(join(dataDir, emulator))).toBe(false);
    },
  );
});

describe('local secrets (issue 25, finding 12)', () => {
  it('generates a reply-signing secret per data directory, kept in it and reused on the next start', () => {
    // Prepare
    const [first, second] = [tempDir(), tempDir()];

    // Act
    const a = localSecrets(first);
    const b = localSecrets(second);
    const aAgain = localSecrets(first);

    // Assess
    expect(a.replySigningSecret).not.toBe(b.replySigningSecret);
    expect(aAgain).toEqual(a);
    expect(a.replySigningSecret).not.toBe('local-development-reply-signing-key');
    expect(a.replySigningSecret.length).toBeGreaterThanOrEqual(32);
    const file = join(first, SECRETS_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(a);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('names an unreadable secrets file, with how to reset the data directory', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, SECRETS_FILE), '{"replySigning');
    expect(() => localSecrets(dataDir)).toThrow(/inconsistent: .*secrets\.json[\s\S]*delete .*--port/);
  });
});
