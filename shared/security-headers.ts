/**
 * The security headers of every page and file the app serves, built in one place from the origins the
 * browser talks to, so CloudFront (lib/constructs/web.ts, a response headers policy) and the local
 * gateway (scripts/local/gateway.ts) send the same policy and cannot drift.
 *
 * The SPA loads only its own files: no inline script anywhere (the API reference starts from a file
 * too, see API_DOCS_ASSETS.init). Styles allow 'unsafe-inline' because Mantine writes style
 * attributes and <style> tags at run time. Besides its own origin the browser calls only Cognito's
 * identity-provider API, the hosted sign-in domain, the websocket and the uploads bucket (presigned
 * PUTs and GETs of photos).
 */

/** The origins (scheme://host[:port], no path) the SPA needs beyond its own. */
export interface SecurityOrigins {
  /** Cognito's identity-provider API that Amplify calls (sign-in, tokens, attributes). */
  identityProvider: string;
  /** The hosted UI used for federated sign-in redirects and sign-out. */
  hostedUi?: string;
  /** The websocket origin (ws:// or wss://), when it is not derivable as 'self' by every browser. */
  websocket?: string;
  /** Where presigned upload and download URLs point (photos, logos). */
  uploads: readonly string[];
}

/** Two years, as HSTS preload lists expect; sent only over HTTPS. */
export const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

const unique = (values: Array<string | undefined>) => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

/** The directives of the Content-Security-Policy, in the order they are sent. */
export function cspDirectives(origins: SecurityOrigins): Array<[string, string[]]> {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', unique(["'self'", 'data:', 'blob:', ...origins.uploads])],
    [
      'connect-src',
      unique(["'self'", origins.identityProvider, origins.hostedUi, origins.websocket, ...origins.uploads]),
    ],
    ['font-src', ["'self'", 'data:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', unique(["'self'", origins.hostedUi])],
    ['frame-ancestors', ["'none'"]],
  ];
}

export function contentSecurityPolicy(origins: SecurityOrigins): string {
  return cspDirectives(origins)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Every security header as the local gateway sends it (lower-case names). CloudFront sends the same
 * values from its response headers policy. HSTS only over HTTPS: over plain http browsers ignore it,
 * and a local origin must never be pinned to HTTPS.
 */
export function securityHeaders(
  origins: SecurityOrigins,
  options: { https: boolean; csp?: boolean },
): Record<string, string> {
  return {
    ...(options.csp === false ? {} : { 'content-security-policy': contentSecurityPolicy(origins) }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    ...(options.https
      ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` }
      : {}),
  };
}

/** The origins of a deployed stage in `region`. */
export function awsSecurityOrigins(input: {
  region: string;
  /** Hosted UI domain, no scheme. */
  oauthDomain?: string;
  /** The app's host name when it is known at synthesis (a custom domain); else 'self' covers wss. */
  appHost?: string;
}): SecurityOrigins {
  const { region } = input;
  return {
    identityProvider: `https://cognito-idp.${region}.amazonaws.com`,
    hostedUi: input.oauthDomain ? `https://${input.oauthDomain}` : undefined,
    websocket: input.appHost ? `wss://${input.appHost}` : undefined,
    // Presigned URLs are path-style (functions/common/storage.ts); virtual-hosted ones are allowed too.
    uploads: [`https://s3.${region}.amazonaws.com`, `https://*.s3.${region}.amazonaws.com`],
  };
}
