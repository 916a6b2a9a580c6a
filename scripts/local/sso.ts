/**
 * Single sign-on on one machine: the demo team's identity provider (sso-idp.ts) and the user pool's
 * hosted domain (hosted-ui.ts) that the SPA's Amplify sends federated sign-ins to, wired together as
 * a Cognito user pool and a customer's OpenID Connect provider are on AWS.
 */
import { randomBytes } from 'node:crypto';
import type { LocalFederation } from './cognito';
import { startHostedUi } from './hosted-ui';
import { DEMO } from './provision';
import { type SsoUser, startDemoIdp } from './sso-idp';

export interface LocalSsoOptions {
  /** The hosted domain's HTTPS port (the SPA's `oauthDomain` is 127.0.0.1:<this>). */
  hostedUiPort: number;
  identityProviderPort: number;
  appPort: number;
  /** Where the hosted domain's certificate is kept. */
  dataDir: string;
  federation: LocalFederation;
  /** The demo identity provider's users (default DEMO_SSO_USERS). */
  users?: SsoUser[];
  /** The provider's name in the pool (default the demo team's, DEMO.ssoProvider). */
  providerName?: string;
}

export interface LocalSso {
  hostedUiUrl: string;
  identityProviderUrl: string;
  /** The hosted domain's self-signed certificate (PEM). */
  certificate: string;
  stop(): Promise<void>;
}

export async function startLocalSso(options: LocalSsoOptions): Promise<LocalSso> {
  const hostedUiUrl = `https://127.0.0.1:${options.hostedUiPort}`;
  const client = {
    clientId: 'local-user-pool',
    clientSecret: randomBytes(24).toString('hex'),
    redirectUri: `${hostedUiUrl}/oauth2/idpresponse`,
  };
  const idp = await startDemoIdp({ port: options.identityProviderPort, client, users: options.users });
  try {
    // The app is reached as 127.0.0.1 (what `npm start` prints) or localhost: both are registered.
    const appOrigins = [`http://127.0.0.1:${options.appPort}`, `http://localhost:${options.appPort}`];
    const hostedUi = await startHostedUi({
      port: options.hostedUiPort,
      certDir: options.dataDir,
      federation: options.federation,
      callbackUrls: appOrigins.map((origin) => `${origin}/token`),
      logoutUrls: appOrigins.map((origin) => `${origin}/`),
      allowedOrigins: appOrigins,
      providers: {
        [options.providerName ?? DEMO.ssoProvider]: {
          issuer: idp.issuer,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          identifiers: [DEMO.ssoDomain],
        },
      },
    });
    return {
      hostedUiUrl,
      identityProviderUrl: idp.issuer,
      certificate: hostedUi.certificate,
      async stop() {
        await Promise.all([close(hostedUi.server), close(idp.server)]);
      },
    };
  } catch (error) {
    await close(idp.server);
    throw error;
  }
}

const close = (server: { close(done: () => void): unknown; closeAllConnections(): void }) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
