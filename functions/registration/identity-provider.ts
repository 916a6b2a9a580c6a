import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { clientFor } from '../common/aws-client';
import { config } from '../common/config';

/** Endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (cognito-local). */
const cognito = clientFor(
  ['AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'],
  () => new CognitoIdentityProviderClient({}),
);

export interface PoolEmail {
  email: string;
  /**
   * The pool does not say the address is unverified. Cognito marks `email_verified` false when the
   * address is changed and not yet confirmed with a code (cognito-local too); a confirmed sign-up
   * has it true on AWS, and none at all in cognito-local, which never sets it on confirmation.
   */
  verified: boolean;
  /** Signed in through a customer's identity provider (Cognito username `<Provider>_<id>`). */
  federated: boolean;
}

/**
 * The e-mail the user pool holds for a username, and whether it is verified. Read from the pool,
 * not the token: a token's `email` follows an attribute the user can change without verifying it.
 */
export async function poolEmail(username: string): Promise<PoolEmail | null> {
  try {
    const user = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: username }),
    );
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    const email = attribute('email')?.trim().toLowerCase();
    if (!email) return null;
    return {
      email,
      verified: user.UserStatus !== 'UNCONFIRMED' && attribute('email_verified') !== 'false',
      federated: user.UserStatus === 'EXTERNAL_PROVIDER',
    };
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException')
      return null;
    throw error;
  }
}
