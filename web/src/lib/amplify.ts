import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { Amplify } from 'aws-amplify';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { CookieStorage, Hub } from 'aws-amplify/utils';

/** Token cookies live 7 days (spec 000 §9). */
const COOKIE_DAYS = 7;

/** Path the hosted UI redirects back to after federated sign-in (route /token). */
export const OAUTH_REDIRECT_PATH = '/token';

let redirectError: string | undefined;

/** Configure Amplify Auth from the runtime configuration; call once, before anything uses Auth. */
export function configureAmplify(config: RuntimeConfig): void {
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          oauth: {
            domain: config.oauthDomain,
            scopes: ['email', 'openid'],
            redirectSignIn: [`${origin}${OAUTH_REDIRECT_PATH}`],
            redirectSignOut: [`${origin}/`],
            // Authorization code with PKCE: tokens never travel in the URL, and a refresh token comes too.
            responseType: 'code',
          },
        },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    new CookieStorage({
      path: '/',
      expires: COOKIE_DAYS,
      secure: window.location.protocol === 'https:',
      sameSite: 'lax',
    }),
  );
}

/**
 * A federated sign-in abandoned at the identity provider (Back button, typed URL) leaves Amplify's
 * in-flight marker for 5 minutes, during which every session check waits for it and the app shows
 * only the splash. Away from the redirect page no flow can be in flight, so drop the marker.
 */
export function forgetAbandonedRedirectSignIn(config: RuntimeConfig): void {
  if (window.location.pathname === OAUTH_REDIRECT_PATH) return;
  const prefix = `CognitoIdentityServiceProvider.${config.userPoolClientId}.`;
  for (const key of ['inflightOAuth', 'inflightOAuthDeadline']) window.localStorage.removeItem(prefix + key);
}

/**
 * On the OAuth redirect page, let Amplify complete the federated sign-in from the URL. The outcome
 * is read by the /token route through fetchAuthSession (which waits for the in-flight flow) and
 * `takeRedirectError`.
 */
export async function completeRedirectSignIn(): Promise<void> {
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signInWithRedirect_failure') {
      redirectError = payload.data?.error?.message ?? 'Single sign-on failed';
    }
  });
  await import('aws-amplify/auth/enable-oauth-listener');
}

/** The federated sign-in error reported on this page load, if any (read once). */
export function takeRedirectError(): string | undefined {
  const error = redirectError;
  redirectError = undefined;
  return error;
}
