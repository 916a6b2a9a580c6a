import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { expect, inject } from 'vitest';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../scripts/local/cognito';
import {
  type LocalStack,
  type LocalStackOptions,
  startLocalStackOnFreePorts,
} from '../../scripts/local/stack';
import { copySnapshotFiles, copySnapshotTable, demoSnapshot } from './demo-snapshot';

/** The REST API is called through test/support/api-client.ts: `client(stack).call(routeName, …)`. */
export interface TestStack extends LocalStack {
  /**
   * Resolves once the reactions to every change made so far (e-mails, notifications, live events)
   * have run, and the reactions to the changes those made: for "nothing was sent" assertions.
   */
  settle(): Promise<void>;
  signUp(email: string, password?: string, confirm?: boolean): Promise<string>;
  signIn(email: string, password?: string): Promise<string>;
}

export const TEST_PASSWORD = 'Test-Passw0rd!';

/** Puts process.env back as it was (the test tiers run a worker's files in one process). */
function restoreEnvironment(environment: NodeJS.ProcessEnv) {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
}

/** The run's shared emulators (test/support/global-setup.ts), when this tier has them. */
function sharedEmulators() {
  const endpoints = inject('dynamodbEndpoints');
  if (!endpoints?.length) return undefined;
  // This worker's own DynamoDB Local.
  const dynamodbEndpoint = endpoints[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % endpoints.length];
  return { dynamodbEndpoint, certDir: inject('certDir'), runDir: inject('runDir') };
}

/**
 * What a test file's stack starts with: the demo workspace copied from the run's snapshot (`'demo'`,
 * the default), only the demo user and their team (`'team'`), or nothing (`false`).
 */
export type TestSeed = boolean | 'team' | 'demo';

/**
 * Starts a local stack for this test file: the handlers, gateway, stream reader, user pool, buckets
 * and mail of its own, on free ports, with a throw-away data folder and a table of its own in the
 * run's shared DynamoDB Local (test/support/global-setup.ts), so files running side by side never
 * see each other's data. When it fails to start, what it had started is stopped and the folder
 * removed; once it is up, the caller stops it (see test/support/resources.ts), which also drops the
 * table.
 */
export async function startTestStack(
  options: Pick<LocalStackOptions, 'dev' | 'ssoUsers' | 'budgetedJobs'> & { seed?: TestSeed } = {},
): Promise<TestStack> {
  const seed = options.seed === undefined || options.seed === true ? 'demo' : options.seed;
  // The stack sets the handlers' environment; the worker's next file starts from this one.
  const environment = { ...process.env };
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-test-'));
  const shared = sharedEmulators();
  const tableName = `t-${basename(expect.getState().testPath ?? 'test').replace(/[^\w.-]/g, '')}-${randomBytes(4).toString('hex')}`;
  let stack: LocalStack;
  try {
    const snapshot = seed === 'demo' && shared ? await demoSnapshot(shared) : undefined;
    if (snapshot) copySnapshotFiles(snapshot, dataDir);
    stack = await startLocalStackOnFreePorts({
      dataDir,
      logLevel: 'ERROR',
      warmHandlers: false,
      dev: options.dev,
      ssoUsers: options.ssoUsers,
      budgetedJobs: options.budgetedJobs,
      ...(shared ? { tableName, dynamodbEndpoint: shared.dynamodbEndpoint, certDir: shared.certDir } : {}),
      // A copy of the snapshot already holds the demo data; without a shared emulator, seed as before.
      seed: snapshot ? false : seed,
      beforeStream: snapshot
        ? async (dynamo, table) => void (await copySnapshotTable(dynamo, snapshot, table))
        : undefined,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    restoreEnvironment(environment);
    throw error;
  }
  const cognito = new CognitoIdentityProviderClient({});
  return {
    ...stack,
    async stop() {
      try {
        await stack.stop();
        if (shared)
          await new DynamoDBClient({ endpoint: shared.dynamodbEndpoint }).send(
            new DeleteTableCommand({ TableName: stack.tableName }),
          );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        restoreEnvironment(environment);
      }
    },
    async settle() {
      await stack.reactions.drain();
      await stack.jobs.drain();
      await stack.reactions.drain();
    },
    async signUp(email, password = TEST_PASSWORD, confirm = true) {
      const result = await cognito.send(
        new SignUpCommand({ ClientId: LOCAL_CLIENT_ID, Username: email, Password: password }),
      );
      if (confirm)
        await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: LOCAL_POOL_ID, Username: email }));
      return result.UserSub!;
    },
    async signIn(email, password = TEST_PASSWORD) {
      const result = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: LOCAL_CLIENT_ID,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      return result.AuthenticationResult!.IdToken!;
    },
  };
}
