/**
 * Single sign-on without a browser: the requests the SPA and a person make, in order, against the
 * local hosted domain (HTTPS, its self-signed certificate trusted explicitly) and the demo identity
 * provider (a cookie jar of its own). Used by the integration tests of the federated flow.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LOCAL_CLIENT_ID } from '../../scripts/local/cognito';
import { DEMO } from '../../scripts/local/provision';
import { DEMO_SSO_PASSWORD } from '../../scripts/local/sso-idp';
import type { TestStack } from './local-stack';

/** A hosted domain other than the stack's own (a second provider in the same pool). */
export interface HostedDomain {
  hostedUiUrl: string;
  certificate: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request, redirects not followed; the hosted domain's certificate is the one trusted. */
export function send(
  stack: TestStack,
  url: string,
  init: {
    /** The certificate to trust for https (default the stack's hosted domain's). */
    ca?: string;
    method?: string;
    form?: Record<string, string>;
    headers?: Record<string, string>;
    cookies?: Map<string, string>;
  } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  const headers: Record<string, string> = { ...init.headers };
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (init.cookies?.size)
    headers.cookie = [...init.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const make = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = make(
      target,
      { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, ca: init.ca ?? stack.sso.certificate },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          for (const cookie of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
            const [pair] = cookie.split(';');
            const at = pair.indexOf('=');
            init.cookies?.set(pair.slice(0, at).trim(), pair.slice(at + 1));
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export const authorizeUrl = (
  stack: TestStack,
  params: Record<string, string>,
  via: HostedDomain = stack.sso,
) =>
  `${via.hostedUiUrl}/oauth2/authorize?${new URLSearchParams({
    client_id: LOCAL_CLIENT_ID,
    redirect_uri: `${stack.appUrl}/token`,
    response_type: 'code',
    scope: 'email openid',
    ...params,
  })}`;

/**
 * SP-initiated sign-in through the demo identity provider, as far as the redirect back to the app:
 * returns where the hosted domain sent the browser (the app's /token with a code, or an error).
 */
export async function signInThroughIdp(
  stack: TestStack,
  email: string,
  options: {
    password?: string;
    verifier?: string;
    state?: string;
    select?: Record<string, string>;
    via?: HostedDomain;
  } = {},
): Promise<{ location: URL; verifier: string }> {
  const via = options.via ?? stack.sso;
  const { verifier, challenge } = options.verifier
    ? {
        verifier: options.verifier,
        challenge: createHash('sha256').update(options.verifier).digest('base64url'),
      }
    : pkce();
  const cookies = new Map<string, string>();
  const start = await send(
    stack,
    authorizeUrl(
      stack,
      {
        state: options.state ?? 'state-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...(options.select ?? { identity_provider: DEMO.ssoProvider }),
      },
      via,
    ),
    { ca: via.certificate },
  );
  if (start.status !== 302) throw new Error(`authorize answered ${start.status}: ${start.body}`);
  let location = String(start.headers.location);
  // The provider's authorization endpoint sends the browser to its sign-in page.
  const atIdp = await send(stack, location, { cookies });
  const page = new URL(String(atIdp.headers.location), location);
  const signInPage = await send(stack, page.toString(), { cookies });
  if (signInPage.status !== 200) throw new Error(`sign-in page answered ${signInPage.status}`);
  const submitted = await send(stack, `${page}/login`, {
    cookies,
    form: { email, password: options.password ?? DEMO_SSO_PASSWORD },
  });
  if (submitted.status >= 400) throw new Error(`sign-in refused (${submitted.status})`);
  location = new URL(String(submitted.headers.location), page).toString();
  // Back at the provider, which answers the hosted domain with a code; the hosted domain the app.
  for (let hop = 0; hop < 5 && !location.startsWith(stack.appUrl); hop++) {
    const next = await send(stack, location, { cookies, ca: via.certificate });
    if (next.status < 300 || next.status >= 400)
      throw new Error(`${location} answered ${next.status}: ${next.body}`);
    location = new URL(String(next.headers.location), location).toString();
  }
  return { location: new URL(location), verifier };
}

export async function exchangeCode(
  stack: TestStack,
  code: string,
  verifier: string,
  extra: Record<string, string> = {},
  via: HostedDomain = stack.sso,
) {
  const response = await send(stack, `${via.hostedUiUrl}/oauth2/token`, {
    ca: via.certificate,
    headers: { origin: stack.appUrl },
    form: {
      grant_type: 'authorization_code',
      client_id: LOCAL_CLIENT_ID,
      code,
      redirect_uri: `${stack.appUrl}/token`,
      code_verifier: verifier,
      ...extra,
    },
  });
  return { ...response, json: JSON.parse(response.body || '{}') as Record<string, string> };
}

/** Signs `email` in through single sign-on and returns the user pool's tokens. */
export async function ssoTokens(
  stack: TestStack,
  email: string,
  via?: HostedDomain & { providerName: string },
) {
  const { location, verifier } = await signInThroughIdp(stack, email, {
    via,
    ...(via ? { select: { identity_provider: via.providerName } } : {}),
  });
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);
  const tokens = await exchangeCode(stack, code, verifier, {}, via);
  if (tokens.status !== 200) throw new Error(`token endpoint answered ${tokens.status}: ${tokens.body}`);
  return tokens.json as { id_token: string; access_token: string; refresh_token: string };
}

export const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
