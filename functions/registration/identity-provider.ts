import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../common/config';

/** Endpoint from AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set (cognito-local). */
const cognito = new CognitoIdentityProviderClient({});

export interface PoolUser {
  sub: string;
  email: string;
  confirmed: boolean;
}

/** A user of the pool by e-mail (the pool's username), or null when there is none. */
export async function findPoolUser(email: string): Promise<PoolUser | null> {
  try {
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: email }),
    );
    const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
    const sub = attribute('sub');
    if (!sub) return null;
    return { sub, email: attribute('email') ?? email, confirmed: user.UserStatus === 'CONFIRMED' };
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException')
      return null;
    throw error;
  }
}
