/**
 * What Lambda bundles use in place of `@aws-sdk/credential-provider-node` (an esbuild alias in
 * lib/bundling.ts). Lambda always hands a function its role's credentials in the environment
 * (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), and `fromEnv` is the first link
 * of the SDK's default chain, the one that answers there; the rest of the chain (SSO, ini files,
 * processes, web identity, container and instance metadata, and the STS/SSO clients they carry, about
 * 75 kB minified) never runs in a function. The local runner does not bundle, so it keeps the full
 * chain. Same exports as the package's entry point.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';

export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}): AwsCredentialIdentityProvider =>
  fromEnv(init);

export const credentialsWillNeedRefresh = (credentials?: AwsCredentialIdentity) =>
  credentials?.expiration !== undefined;

export const credentialsTreatedAsExpired = (credentials?: AwsCredentialIdentity) =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
