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
import { PortInUseError } from '../../scripts/local/ports';
import {
  findFreeBasePort,
  type LocalStack,
  type LocalStackOptions,
  startLocalStack,
} from '../../scripts/local/stack';

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

/**
 * Starts the real local stack (emulators included) on free ports with a throw-away data directory.
 * When it fails to start, what it had started is stopped (by startLocalStack) and the directory
 * removed; once it is up, the caller stops it (see test/support/resources.ts).
 */
export async function startTestStack(
  options: Pick<LocalStackOptions, 'seed' | 'dev' | 'ssoUsers'> = {},
): Promise<TestStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-test-'));
  let stack: LocalStack | undefined;
  // Test files start stacks in parallel: a port found free can still be taken before the listen,
  // so a start that lost such a race tries again on other ports (startLocalStack stopped its part).
  for (let attempt = 1; !stack; attempt++) {
    try {
      stack = await startLocalStack({
        port: await findFreeBasePort(),
        dataDir,
        logLevel: 'ERROR',
        ...options,
      });
    } catch (error) {
      const portTaken =
        error instanceof PortInUseError || (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (attempt < 3 && portTaken) continue;
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const cognito = new CognitoIdentityProviderClient({});
  return {
    ...stack,
    async stop() {
      try {
        await stack.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
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
