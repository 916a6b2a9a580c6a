/**
 * The local runner never leaves an emulator behind: DynamoDB Local (a Java child process) dies with
 * the runner even when the runner is killed with SIGKILL, and a port already taken (e.g. by an
 * emulator an earlier run left) is refused at start with a clear message, before anything starts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ScanCommand, type ScanCommandOutput } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../scripts/local/cognito';
import { LocalDataError } from '../../scripts/local/local-data';
import { findPortHolders, isPortFree } from '../../scripts/local/ports';
import { DEMO } from '../../scripts/local/provision';
import { localSecrets, SECRETS_FILE } from '../../scripts/local/secrets';
import { findFreeBasePort, portsFor, startLocalStack, TABLE_NAME } from '../../scripts/local/stack';
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

/**
 * Starts the stack in its own Node process (no tsx launcher in between), its data in `dataDir`/data,
 * and resolves once it is up.
 */
function startRunner(port: number, dataDir: string, seed: false | 'team' = false): Promise<ChildProcess> {
  const script = join(dataDir, 'runner.mts');
  writeFileSync(
    script,
    `import { startLocalStack } from ${JSON.stringify(join(ROOT, 'scripts/local/stack.ts'))};
await startLocalStack({ port: ${port}, dataDir: ${JSON.stringify(join(dataDir, 'data'))}, seed: ${JSON.stringify(seed)}, logLevel: 'ERROR' });
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
    const timer = setTimeout(() => reject(new Error(`Runner not up in 180 s:\n${output}`)), 180_000);
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

/** The local user pool's API on `port` (cognito-local of a runner). */
const userPool = (port: number) =>
  new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const signIn = (pool: CognitoIdentityProviderClient, email: string, password: string) =>
  pool.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: LOCAL_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

async function killRunner(runner: ChildProcess) {
  const exited = new Promise((resolvePromise) => runner.once('exit', resolvePromise));
  runner.kill('SIGKILL');
  await exited;
}

/** The items of one entity in a runner's table (its own DynamoDB Local on `port`). */
async function tableItems(port: number, entity: string) {
  const dynamo = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page: ScanCommandOutput = await dynamo.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression: '#entity = :entity',
        ExpressionAttributeNames: { '#entity': '__edb_e__' },
        ExpressionAttributeValues: { ':entity': { S: entity } },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []).map((item) => unmarshall(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

describe('local user pool durability (issue 25, finding 13)', () => {
  it('keeps every account signed up at once when the runner is killed right after the last answer', async () => {
    // Prepare
    const dataDir = tempDir();
    const first = portsFor(await findFreeBasePort());
    const runner = await startRunner(first.app, dataDir);
    const pool = userPool(first.cognito);
    const password = 'Str0ng-Passw0rd!';
    const emails = Array.from({ length: 24 }, (_, i) => `durable-${i}@example.org`);
    const secretsBefore = readFileSync(join(dataDir, 'data', SECRETS_FILE), 'utf8');

    // Act: all at once, then SIGKILL as soon as the last confirmation has answered.
    await Promise.all(
      emails.map(async (email) => {
        await pool.send(
          new SignUpCommand({ ClientId: LOCAL_CLIENT_ID, Username: email, Password: password }),
        );
        await pool.send(new AdminConfirmSignUpCommand({ UserPoolId: LOCAL_POOL_ID, Username: email }));
      }),
    );
    await killRunner(runner);
    const second = portsFor(await findFreeBasePort());
    const restarted = await startRunner(second.app, dataDir);

    // Assess: every account signs in on the next start; the reply-signing secret is the same.
    const again = userPool(second.cognito);
    const outcomes = await Promise.allSettled(emails.map((email) => signIn(again, email, password)));
    const lost = emails.filter((_, i) => outcomes[i].status === 'rejected');
    expect(lost).toEqual([]);
    expect(readFileSync(join(dataDir, 'data', SECRETS_FILE), 'utf8')).toBe(secretsBefore);
    await killRunner(restarted);
  }, 480_000);

  it('re-links a demo user whose pool identity is gone to their user record and team, not a second one', async () => {
    // Prepare: a start that made the demo user and team, then a pool that lost the demo user.
    const dataDir = tempDir();
    const first = portsFor(await findFreeBasePort());
    const runner = await startRunner(first.app, dataDir, 'team');
    const before = await signIn(userPool(first.cognito), DEMO.email, DEMO.password);
    const sub = JSON.parse(
      Buffer.from(before.AuthenticationResult!.IdToken!.split('.')[1], 'base64url').toString(),
    ).sub;
    const [team] = await tableItems(first.dynamodb, 'team');
    await killRunner(runner);
    const poolFile = join(dataDir, 'data', 'cognito', `${LOCAL_POOL_ID}.json`);
    const stored = JSON.parse(readFileSync(poolFile, 'utf8'));
    // Kept under its sub (the pool's usernames are e-mail addresses, as aliases).
    const demoKeys = Object.keys(stored.Users).filter((key) =>
      stored.Users[key].Attributes.some((a: { Name: string; Value: string }) => a.Value === DEMO.email),
    );
    expect(demoKeys).toEqual([sub]);
    delete stored.Users[sub];
    writeFileSync(poolFile, JSON.stringify(stored, null, 2));

    // Act
    const second = portsFor(await findFreeBasePort());
    const restarted = await startRunner(second.app, dataDir, 'team');

    // Assess: the same identity (sub), one user record, one team, and it is the first one.
    const after = await signIn(userPool(second.cognito), DEMO.email, DEMO.password);
    const idToken = after.AuthenticationResult!.IdToken!;
    expect(JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()).sub).toBe(sub);
    const users = (await tableItems(second.dynamodb, 'user')).filter((u) => u.emailAddress === DEMO.email);
    expect(users.map((u) => [u.userId, u.teamId])).toEqual([[sub, team.teamId]]);
    expect((await tableItems(second.dynamodb, 'team')).map((t) => t.teamId)).toEqual([team.teamId]);
    await killRunner(restarted);
  }, 480_000);

  it('refuses to start from a user pool file cut short, naming it and how to reset', async () => {
    // Prepare: what a kill in the middle of cognito-local's own write left.
    const dataDir = tempDir();
    const poolFile = join(dataDir, 'cognito', `${LOCAL_POOL_ID}.json`);
    mkdirSync(dirname(poolFile), { recursive: true });
    writeFileSync(poolFile, '{\n  "Users": {\n    "demo@example.com": {\n      "Username": "de');

    // Act
    const started = startLocalStack({
      port: await findFreeBasePort(),
      dataDir,
      seed: false,
      logLevel: 'ERROR',
    });
    resources.start(started, (stack) => stack.stop()).catch(() => {});
    const error: Error = await started.then(
      () => new Error('started'),
      (reason: Error) => reason,
    );

    // Assess
    expect(error).toBeInstanceOf(LocalDataError);
    expect(error.message).toContain(`The local data in ${dataDir} is inconsistent`);
    expect(error.message).toContain(poolFile);
    expect(error.message).toMatch(/delete .*--port/);
  }, 180_000);
});
