/**
 * The local stand-in for the Cognito hosted domain's OAuth endpoints that the SPA's Amplify uses for
 * single sign-on, served over HTTPS (Amplify always calls `https://<oauthDomain>/oauth2/…`) with a
 * self-signed certificate kept under the data directory:
 *
 * - `GET /oauth2/authorize`: checks the client, the redirect URI (the app's /token), the response
 *   type (code), PKCE and the provider (`identity_provider` or `idp_identifier`), then sends the
 *   browser to the provider's authorization endpoint.
 * - `GET /oauth2/idpresponse`: exchanges the provider's code at its token endpoint, checks the ID
 *   token (signature, issuer, audience, nonce, expiry), finds or creates the pool's federated user
 *   (LocalFederation in cognito.ts) and sends the browser back to the app with a one-time code.
 * - `POST /oauth2/token`: authorization_code (PKCE checked, code used once) and refresh_token
 *   grants; the tokens come from the user pool's own generator, so the API verifies them unchanged.
 * - `GET /logout`: to a registered sign-out URL.
 *
 * Errors answer as Cognito's do: 400 with an error page (nothing to redirect to safely), a redirect
 * carrying `error` to a registered redirect URI, or 400 `{"error": …}` from the token endpoint.
 */
import {
  createHash,
  createPublicKey,
  randomBytes,
  timingSafeEqual,
  verify,
  X509Certificate,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import type { LocalFederation } from './cognito';

export interface HostedUiProvider {
  /** The provider's OpenID Connect issuer (its discovery document is read from there). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `idp_identifier` values that select this provider (Cognito's IdP identifiers). */
  identifiers: string[];
}

export interface HostedUiOptions {
  port: number;
  /** Where the certificate and its key are kept (created on first start). */
  certDir: string;
  federation: LocalFederation;
  /** The app client's callback URLs, sign-out URLs and the origins allowed to call /oauth2/token. */
  callbackUrls: string[];
  logoutUrls: string[];
  allowedOrigins: string[];
  providers: Record<string, HostedUiProvider>;
}

export interface HostedUi {
  server: Server;
  url: string;
  /** The certificate (PEM) browsers are shown; tests trust it explicitly. */
  certificate: string;
}

const PENDING_TTL_MS = 10 * 60_000;
/** Cognito's authorization codes are valid for five minutes and once. */
const CODE_TTL_MS = 5 * 60_000;

interface PendingSignIn {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string | null;
  providerName: string;
  idpVerifier: string;
  nonce: string;
  expiresAt: number;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  username: string;
  expiresAt: number;
}

/** The hosted domain's certificate: made once (127.0.0.1 and localhost), reused while valid. */
export async function ensureCertificate(dir: string): Promise<{ key: string; cert: string }> {
  const keyPath = join(dir, 'hosted-ui.key');
  const certPath = join(dir, 'hosted-ui.crt');
  if (existsSync(keyPath) && existsSync(certPath)) {
    const cert = readFileSync(certPath, 'utf8');
    const validTo = Date.parse(new X509Certificate(cert).validTo);
    if (validTo > Date.now() + 7 * 86_400_000) return { key: readFileSync(keyPath, 'utf8'), cert };
  }
  const { generate } = await import('selfsigned');
  const notAfter = new Date();
  notAfter.setFullYear(notAfter.getFullYear() + 1);
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { key: pems.private, cert: pems.cert };
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const s256 = (verifier: string) => base64url(createHash('sha256').update(verifier).digest());
const randomToken = (bytes = 32) => base64url(randomBytes(bytes));

function sameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A client error: `status`, an OAuth error code and a description a person can read. */
class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  issuer: string;
}

/** Checks an RS256 ID token from the provider: signature (its JWKS), issuer, audience, nonce, expiry. */
async function verifiedClaims(
  idToken: string,
  discovery: Discovery,
  audience: string,
  nonce: string,
): Promise<Record<string, unknown>> {
  const [headerPart, payloadPart, signaturePart] = idToken.split('.');
  if (!headerPart || !payloadPart || !signaturePart) throw new Error('malformed ID token');
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString());
  if (header.alg !== 'RS256') throw new Error(`unexpected ID token algorithm ${header.alg}`);
  const { keys } = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Array<{ kid?: string }> };
  const jwk = keys.find((k) => k.kid === header.kid) ?? keys[0];
  if (!jwk) throw new Error('the provider publishes no key');
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    createPublicKey({ key: jwk as never, format: 'jwk' }),
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) throw new Error('the ID token signature does not verify');
  const claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString());
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== discovery.issuer) throw new Error('the ID token has another issuer');
  if (!audiences.includes(audience)) throw new Error('the ID token is for another client');
  if (claims.nonce !== nonce) throw new Error('the ID token nonce does not match');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now() - 60_000)
    throw new Error('the ID token has expired');
  return claims;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 64 * 1024) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startHostedUi(options: HostedUiOptions): Promise<HostedUi> {
  const { key, cert } = await ensureCertificate(options.certDir);
  const url = `https://127.0.0.1:${options.port}`;
  const idpRedirectUri = `${url}/oauth2/idpresponse`;
  const pending = new Map<string, PendingSignIn>();
  const codes = new Map<string, IssuedCode>();
  const discoveries = new Map<string, Promise<Discovery>>();

  const discover = (provider: HostedUiProvider) => {
    let found = discoveries.get(provider.issuer);
    if (!found) {
      found = fetch(`${provider.issuer}/.well-known/openid-configuration`).then((r) => {
        if (!r.ok) throw new Error(`discovery answered ${r.status}`);
        return r.json() as Promise<Discovery>;
      });
      found.catch(() => discoveries.delete(provider.issuer));
      discoveries.set(provider.issuer, found);
    }
    return found;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [id, entry] of pending) if (entry.expiresAt < now) pending.delete(id);
    for (const [id, entry] of codes) if (entry.expiresAt < now) codes.delete(id);
  };

  function errorPage(res: ServerResponse, error: OAuthError) {
    res.writeHead(error.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto">` +
        `<h1>Something went wrong</h1><p>${escapeHtml(error.description)}</p>` +
        `<p><small>error=${escapeHtml(error.error)}</small></p></body></html>`,
    );
  }

  function redirect(res: ServerResponse, location: string) {
    res.writeHead(302, { location, 'cache-control': 'no-store' });
    res.end();
  }

  function withParams(target: string, params: Record<string, string | null | undefined>) {
    const next = new URL(target);
    for (const [name, value] of Object.entries(params)) if (value) next.searchParams.set(name, value);
    return next.toString();
  }

  async function checkClient(clientId: string | null) {
    if (!clientId || !(await options.federation.hasClient(clientId)))
      throw new OAuthError('invalid_request', 'The client_id is not a client of this user pool.');
    return clientId;
  }

  function providerFor(query: URLSearchParams): string {
    const named = query.get('identity_provider');
    if (named && options.providers[named]) return named;
    const identifier = query.get('idp_identifier')?.toLowerCase();
    const byIdentifier =
      identifier &&
      Object.entries(options.providers).find(([, p]) => p.identifiers.includes(identifier))?.[0];
    if (byIdentifier) return byIdentifier;
    throw new OAuthError(
      'invalid_request',
      named || identifier
        ? 'The identity provider is not configured for this client.'
        : 'This local hosted domain signs in through a single sign-on provider only: name one with identity_provider or idp_identifier.',
    );
  }

  async function authorize(res: ServerResponse, query: URLSearchParams) {
    const clientId = await checkClient(query.get('client_id'));
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!options.callbackUrls.includes(redirectUri))
      throw new OAuthError('redirect_mismatch', 'The redirect_uri is not a callback URL of this client.');
    const state = query.get('state');
    // From here the error goes back to the app, as Cognito does once the redirect URI is known good.
    try {
      if (query.get('response_type') !== 'code')
        throw new OAuthError('unsupported_response_type', 'response_type must be code');
      const challenge = query.get('code_challenge');
      const method = query.get('code_challenge_method');
      if (challenge && method !== 'S256')
        throw new OAuthError('invalid_request', 'code_challenge_method must be S256');
      const providerName = providerFor(query);
      const provider = options.providers[providerName];
      const discovery = await discover(provider).catch(() => {
        throw new OAuthError('server_error', 'The identity provider cannot be reached.');
      });
      sweep();
      const id = randomToken();
      const entry: PendingSignIn = {
        clientId,
        redirectUri,
        state,
        codeChallenge: challenge,
        providerName,
        idpVerifier: randomToken(),
        nonce: randomToken(16),
        expiresAt: Date.now() + PENDING_TTL_MS,
      };
      pending.set(id, entry);
      redirect(
        res,
        withParams(discovery.authorization_endpoint, {
          client_id: provider.clientId,
          redirect_uri: idpRedirectUri,
          response_type: 'code',
          scope: 'openid email profile',
          state: id,
          nonce: entry.nonce,
          code_challenge: s256(entry.idpVerifier),
          code_challenge_method: 'S256',
          login_hint: query.get('login_hint'),
        }),
      );
    } catch (error) {
      const failure =
        error instanceof OAuthError ? error : new OAuthError('server_error', 'The sign-in could not start.');
      redirect(
        res,
        withParams(redirectUri, { error: failure.error, error_description: failure.description, state }),
      );
    }
  }

  async function idpResponse(res: ServerResponse, query: URLSearchParams) {
    const id = query.get('state') ?? '';
    const entry = pending.get(id);
    pending.delete(id);
    if (!entry || entry.expiresAt < Date.now())
      throw new OAuthError(
        'invalid_request',
        'This sign-in has expired or was already completed. Start again from the app.',
      );
    const back = (params: Record<string, string | null>) =>
      redirect(res, withParams(entry.redirectUri, { ...params, state: entry.state }));
    const idpError = query.get('error');
    if (idpError) {
      return back({ error: idpError, error_description: query.get('error_description') ?? idpError });
    }
    const provider = options.providers[entry.providerName];
    let username: string;
    try {
      const discovery = await discover(provider);
      const response = await fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: query.get('code') ?? '',
          redirect_uri: idpRedirectUri,
          client_id: provider.clientId,
          client_secret: provider.clientSecret,
          code_verifier: entry.idpVerifier,
        }),
      });
      const body = (await response.json()) as { id_token?: string; error?: string };
      if (!response.ok || !body.id_token) throw new Error(body.error ?? `token endpoint ${response.status}`);
      const claims = await verifiedClaims(body.id_token, discovery, provider.clientId, entry.nonce);
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!email || typeof claims.sub !== 'string') throw new Error('the ID token has no e-mail or subject');
      username = await options.federation.signInFederated({
        providerName: entry.providerName,
        providerType: 'OIDC',
        subject: claims.sub,
        email,
      });
    } catch (error) {
      return back({
        error: 'invalid_request',
        error_description: `Single sign-on failed: ${(error as Error).message}`,
      });
    }
    const code = randomToken();
    codes.set(code, {
      clientId: entry.clientId,
      redirectUri: entry.redirectUri,
      codeChallenge: entry.codeChallenge,
      username,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    back({ code });
  }

  async function token(req: IncomingMessage) {
    const form = new URLSearchParams(await readBody(req));
    const clientId = form.get('client_id');
    if (!clientId || !(await options.federation.hasClient(clientId)))
      throw new OAuthError('invalid_client', 'invalid_client');
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code); // once, whatever happens next
      if (!issued || issued.expiresAt < Date.now() || issued.clientId !== clientId)
        throw new OAuthError('invalid_grant', 'invalid_grant');
      if (form.get('redirect_uri') !== issued.redirectUri)
        throw new OAuthError('invalid_grant', 'invalid_grant');
      if (issued.codeChallenge) {
        const verifier = form.get('code_verifier') ?? '';
        if (!verifier || !sameText(s256(verifier), issued.codeChallenge))
          throw new OAuthError('invalid_grant', 'invalid_grant');
      }
      const tokens = await options.federation.issueTokens(clientId, issued.username);
      return {
        id_token: tokens.IdToken,
        access_token: tokens.AccessToken,
        refresh_token: tokens.RefreshToken,
        expires_in: tokens.ExpiresIn,
        token_type: 'Bearer',
      };
    }
    if (grant === 'refresh_token') {
      const tokens = await options.federation.refresh(clientId, form.get('refresh_token') ?? '').catch(() => {
        throw new OAuthError('invalid_grant', 'invalid_grant');
      });
      return {
        id_token: tokens.IdToken,
        access_token: tokens.AccessToken,
        expires_in: tokens.ExpiresIn,
        token_type: 'Bearer',
      };
    }
    throw new OAuthError('unsupported_grant_type', 'unsupported_grant_type');
  }

  async function logout(res: ServerResponse, query: URLSearchParams) {
    await checkClient(query.get('client_id'));
    const target = query.get('logout_uri') ?? '';
    if (!options.logoutUrls.includes(target))
      throw new OAuthError('invalid_request', 'The logout_uri is not a sign-out URL of this client.');
    redirect(res, target);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const requestUrl = new URL(req.url ?? '/', url);
    const path = requestUrl.pathname;
    if (path === '/oauth2/token') {
      const origin = req.headers.origin;
      const cors: Record<string, string> =
        origin && options.allowedOrigins.includes(origin)
          ? {
              'access-control-allow-origin': origin,
              'access-control-allow-methods': 'POST, OPTIONS',
              'access-control-allow-headers': 'content-type, authorization, x-amz-user-agent',
              'access-control-max-age': '600',
              vary: 'Origin',
            }
          : {};
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors);
        return void res.end();
      }
      const json = { ...cors, 'content-type': 'application/json', 'cache-control': 'no-store' };
      if (req.method !== 'POST') {
        res.writeHead(405, json);
        return void res.end(JSON.stringify({ error: 'invalid_request' }));
      }
      try {
        const body = await token(req);
        res.writeHead(200, json);
        res.end(JSON.stringify(body));
      } catch (error) {
        const failure =
          error instanceof OAuthError ? error : new OAuthError('invalid_request', 'invalid_request');
        res.writeHead(failure.status, json);
        res.end(JSON.stringify({ error: failure.error }));
      }
      return;
    }
    try {
      if (req.method !== 'GET') throw new OAuthError('invalid_request', 'Method not allowed', 405);
      if (path === '/oauth2/authorize') return await authorize(res, requestUrl.searchParams);
      if (path === '/oauth2/idpresponse') return await idpResponse(res, requestUrl.searchParams);
      if (path === '/logout') return await logout(res, requestUrl.searchParams);
      throw new OAuthError('not_found', 'There is no page here.', 404);
    } catch (error) {
      if (res.headersSent) return void res.end();
      errorPage(
        res,
        error instanceof OAuthError
          ? error
          : new OAuthError('invalid_request', 'The request could not be completed.'),
      );
    }
  }

  const server = createServer({ key, cert }, (req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return { server, url, certificate: cert };
}
