import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { config } from './config';

type IdTokenVerifier = ReturnType<typeof createVerifier>;
const createVerifier = () =>
  CognitoJwtVerifier.create({
    userPoolId: config.userPoolId,
    tokenUse: 'id',
    clientId: config.userPoolClientId,
  });

let verifier: IdTokenVerifier | undefined;

/**
 * Verifies Cognito ID tokens (the websocket handler and the local gateway's authorizer). Where the
 * pool's JWKS URL cannot be fetched (the offline emulator), COGNITO_JWKS pre-loads its keys.
 */
export function idTokenVerifier(): IdTokenVerifier {
  if (!verifier) {
    verifier = createVerifier();
    if (process.env.COGNITO_JWKS) verifier.cacheJwks(JSON.parse(process.env.COGNITO_JWKS));
  }
  return verifier;
}
