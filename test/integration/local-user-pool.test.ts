/**
 * The local user pool answers like the real one where the SPA depends on its answer (issue 9):
 * the CDK pool's password policy with Cognito's code and words, and Cognito's refusals to confirm an
 * account twice or send it a new code. Runs cognito-local as the runner assembles it, with the SES
 * emulator it delivers codes through, on free ports.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID, startLocalCognito } from '../../scripts/local/cognito';
import { closeServer, startSes } from '../../scripts/local/emulators';
import { DurableDataStoreFactory } from '../../scripts/local/pool-store';
import { findFreeBasePort } from '../../scripts/local/stack';
import { PASSWORD_POLICY, passwordPolicyProblem } from '../../shared/password-policy';
import { waitForMail } from '../support/mail';

let dataDir: string;
let ses: Server;
let cognitoServer: Server;
let flushPool: () => Promise<void>;
let mailUrl: string;
let cognito: CognitoIdentityProviderClient;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'local-user-pool-'));
  const base = await findFreeBasePort();
  ses = await startSes(base + 4);
  mailUrl = `http://127.0.0.1:${base + 4}`;
  const started = await startLocalCognito({
    port: base + 2,
    dataDir,
    sesEndpoint: mailUrl,
    mailFrom: 'no-reply@workspace.local',
  });
  cognitoServer = started.server;
  flushPool = started.flush;
  cognito = new CognitoIdentityProviderClient({
    endpoint: started.url,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  if (cognitoServer) await closeServer(cognitoServer);
  if (ses) await closeServer(ses);
  rmSync(dataDir, { recursive: true, force: true });
});

const run = Date.now().toString(36);
const signUp = (who: string, password: string) =>
  cognito.send(
    new SignUpCommand({
      ClientId: LOCAL_CLIENT_ID,
      Username: `${who}-${run}@example.org`,
      Password: password,
    }),
  );

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error, 'the call should have been refused').toBeDefined();
  return { name: error?.name, message: error?.message };
}

describe('local user pool', () => {
  it('has the CDK pool policy', () => {
    expect(PASSWORD_POLICY).toEqual({
      minLength: 8,
      requireUppercase: true,
      requireLowercase: true,
      requireSymbols: true,
      requireDigits: false,
    });
    expect(passwordPolicyProblem('Abcdefg!')).toBeNull();
    expect(passwordPolicyProblem('Abc def1')).toBeNull();
    expect(passwordPolicyProblem(' Abcdefgh')).toBe('Password must have symbol characters');
    expect(passwordPolicyProblem('Abcdefgh£')).toBe('Password must have symbol characters');
  });

  it.each([
    ['short', 'Ab!1', 'Password not long enough'],
    ['lower', 'ABCDEFG!', 'Password must have lowercase characters'],
    ['upper', 'abcdefg!', 'Password must have uppercase characters'],
    ['symbol', 'Abcdefgh1', 'Password must have symbol characters'],
  ])('refuses a password without %s as Cognito does', async (who, password, problem) => {
    expect(await refusal(signUp(who, password))).toEqual({
      name: 'InvalidPasswordException',
      message: `Password did not conform with policy: ${problem}`,
    });
  });

  it('refuses to confirm a confirmed account, or send it a new code, in Cognito’s words', async () => {
    const email = `twice-${run}@example.org`;
    await signUp('twice', 'Abcdefg!');
    const mail = await waitForMail({ mailUrl }, email, { match: (m) => /\d{6}/.test(m.subject) });
    const code = /(\d{6})/.exec(mail.subject)![1];
    const confirm = () =>
      cognito.send(
        new ConfirmSignUpCommand({ ClientId: LOCAL_CLIENT_ID, Username: email, ConfirmationCode: code }),
      );
    await confirm();

    expect(await refusal(confirm())).toEqual({
      name: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    });
    expect(
      await refusal(
        cognito.send(new ResendConfirmationCodeCommand({ ClientId: LOCAL_CLIENT_ID, Username: email })),
      ),
    ).toEqual({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
  });
});

describe('local user pool on disk (issue 25, finding 13)', () => {
  it('has each sign-up in a whole pool file by the time it is answered, however many run at once', async () => {
    // Prepare
    const poolFile = join(dataDir, `${LOCAL_POOL_ID}.json`);
    const emails = Array.from({ length: 40 }, (_, i) => `at-once-${i}-${run}@example.org`);
    const emailsIn = (text: string) =>
      new Set(
        Object.values(
          JSON.parse(text).Users as Record<string, { Attributes: Array<{ Value: string }> }>,
        ).flatMap((user) => user.Attributes.map((a) => a.Value)),
      );

    // Act: read the file the moment each answer arrives (while the others' writes are in flight),
    // and over and over while they run, as a start or a copy of the data directory might.
    const torn: string[] = [];
    let reads = 0;
    let burst = true;
    const reader = (async () => {
      while (burst) {
        const text = readFileSync(poolFile, 'utf8');
        reads++;
        try {
          emailsIn(text);
        } catch {
          torn.push(text.slice(-40));
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const seen = await Promise.all(
      emails.map(async (email) => {
        await cognito.send(
          new SignUpCommand({ ClientId: LOCAL_CLIENT_ID, Username: email, Password: 'Abcdefg!' }),
        );
        try {
          return emailsIn(readFileSync(poolFile, 'utf8')).has(email);
        } catch {
          return false;
        }
      }),
    );
    burst = false;
    await reader;
    await flushPool();

    // Assess: each was there, the file was never seen half written, all are there at the end, and
    // no temporary file is left about.
    expect(seen).toEqual(emails.map(() => true));
    expect(reads).toBeGreaterThan(emails.length);
    expect(torn).toEqual([]);
    const stored = emailsIn(readFileSync(poolFile, 'utf8'));
    expect(emails.filter((email) => !stored.has(email))).toEqual([]);
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(`${poolFile}.tmp`)).toBe(false);
  });
});

describe('local user pool store', () => {
  it('reads back what it wrote, dates as dates, and keeps a key named __proto__ as an entry', async () => {
    // Prepare
    const dir = mkdtempSync(join(tmpdir(), 'pool-store-'));
    const created = new Date('2026-01-02T03:04:05.000Z');
    const PROTO = '__proto__';
    try {
      const store = await new DurableDataStoreFactory(dir).create(undefined, 'pool', { Users: {} });

      // Act
      await store.set(undefined, ['Users', PROTO], { Username: PROTO, UserCreateDate: created });
      await store.set(undefined, ['Users', 'kept'], { Username: 'kept', UserCreateDate: created });
      await store.delete(undefined, ['Users', 'kept']);
      const reopened = await new DurableDataStoreFactory(dir).create(undefined, 'pool', { Users: {} });

      // Assess
      const users = (await reopened.get(undefined, 'Users')) as Record<string, { UserCreateDate: Date }>;
      expect(Object.keys(users)).toEqual([PROTO]);
      expect(Object.getPrototypeOf(users)).toBe(Object.prototype);
      expect(users[PROTO].UserCreateDate).toEqual(created);
      expect(JSON.parse(readFileSync(join(dir, 'pool.json'), 'utf8')).Users[PROTO].UserCreateDate).toBe(
        created.toISOString(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
