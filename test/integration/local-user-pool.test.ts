/**
 * The local user pool answers like the real one where the SPA depends on its answer (issue 9):
 * the CDK pool's password policy with Cognito's code and words, and Cognito's refusals to confirm an
 * account twice or send it a new code. Runs cognito-local as the runner assembles it, with the SES
 * emulator it delivers codes through, on free ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
import { LOCAL_CLIENT_ID, startLocalCognito } from '../../scripts/local/cognito';
import { closeServer, startSes } from '../../scripts/local/emulators';
import { findFreeBasePort } from '../../scripts/local/stack';
import { PASSWORD_POLICY, passwordPolicyProblem } from '../../shared/password-policy';
import { waitForMail } from '../support/mail';

let dataDir: string;
let ses: Server;
let cognitoServer: Server;
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
