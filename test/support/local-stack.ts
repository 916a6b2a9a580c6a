import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../scripts/local/cognito';
import { findFreeBasePort, type LocalStack, startLocalStack } from '../../scripts/local/stack';

export interface TestStack extends LocalStack {
  /** Calls the API as the browser does; `token` is a Cognito ID token. */
  call(
    method: string,
    path: string,
    init?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: any;
  }>;
  signUp(email: string, password?: string, confirm?: boolean): Promise<string>;
  signIn(email: string, password?: string): Promise<string>;
}

export const TEST_PASSWORD = 'Test-Passw0rd!';

/** Starts the real local stack (emulators included) on free ports with a throw-away data directory. */
export async function startTestStack(options: { seed?: boolean; dev?: boolean } = {}): Promise<TestStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-test-'));
  const stack = await startLocalStack({
    port: await findFreeBasePort(),
    dataDir,
    logLevel: 'ERROR',
    ...options,
  });
  const cognito = new CognitoIdentityProviderClient({});
  return {
    ...stack,
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = init.token;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${stack.appUrl}${path}`, {
        method,
        headers,
        body:
          init.body === undefined
            ? undefined
            : typeof init.body === 'string'
              ? init.body
              : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
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
