/**
 * `npm run smoke -- --url <app URL> --email <test user> --password <password>`: the checks to run
 * after a deploy (docs/deploy.md), against a stage's app URL (the stack output AppUrl) or the local
 * stack (`npm start`'s http://127.0.0.1:<port>). It finds everything else the way the SPA does:
 *
 *   1. config     GET /runtime-config.json (the stage, the user pool and its client, the API base
 *                 and the websocket URL), validated with the SPA's own schema.
 *   2. health     GET <apiBase>/health: 200 with status "ok" and the table reachable, from the same
 *                 stage the runtime config names.
 *   3. sign-in    Cognito InitiateAuth USER_PASSWORD_AUTH with the config's app client (locally the
 *                 config's userPoolEndpoint, cognito-local; otherwise the SDK's default endpoint, or
 *                 AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER when set).
 *   4. user       GET <apiBase>/user with the ID token: the caller's own record.
 *   5. websocket  open the websocket, send hello (WS-CONNECTED), then authorize with the ID token
 *                 (WS-AUTHORIZED for this user), as web/src/lib/realtime.ts does.
 *
 * Each check prints one line with the time of day, PASS / FAIL / SKIP, its duration and what it
 * saw; a check whose input an earlier one failed to produce is skipped. The exit code is 0 only when
 * every check passed. The password may come from SMOKE_PASSWORD instead of the command line.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import WebSocket from 'ws';
import { HEADER_SESSION_ID } from '../shared/constants';
import { WS_AUTHORIZED, WS_CONNECTED, WS_UNAUTHORIZED } from '../shared/events';
import { RuntimeConfig } from '../shared/schemas/runtime-config';

export const CHECK_NAMES = ['config', 'health', 'sign-in', 'user', 'websocket'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export interface SmokeOptions {
  /** The stage's app URL (CloudFront or its custom domain; locally the gateway). */
  url: string;
  email: string;
  password: string;
  /** Per check (default 15 s). */
  timeoutMs?: number;
  /** Where each check's line goes (default: stdout). */
  log?: (line: string) => void;
}

export interface CheckResult {
  name: CheckName;
  status: 'pass' | 'fail' | 'skip';
  /** When the check started (ISO 8601). */
  startedAt: string;
  durationMs: number;
  /** What it saw when it passed; why, when it failed or was skipped. */
  detail: string;
}

export interface SmokeReport {
  ok: boolean;
  url: string;
  checks: CheckResult[];
  durationMs: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** A failure whose message is already meant for the person running the smoke check. */
class CheckFailed extends Error {}

function fail(message: string): never {
  throw new CheckFailed(message);
}

/** The most useful words of a thrown error: network codes and AWS error names included. */
export function describeError(error: unknown): string {
  if (error instanceof CheckFailed) return error.message;
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return `timed out (${error.message})`;
  const cause = (error as Error & { cause?: unknown }).cause;
  if (error.message === 'fetch failed' && cause instanceof Error) {
    const code = (cause as Error & { code?: string }).code;
    return code && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
  }
  const name = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
  return `${name}${error.message}`;
}

/** An app URL as an origin-relative base: http(s) only, anything after the host ignored. */
export function parseAppUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CheckFailed(
      `"${raw}" is not a URL; pass the stage's app URL, e.g. https://d123.cloudfront.net`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CheckFailed(`"${raw}" is not an http(s) URL`);
  }
  return new URL(url.origin);
}

/** The websocket URL of the runtime config, a path such as "/ws" resolved against the app's origin. */
export function resolveWebsocketUrl(websocketUrl: string, appUrl: URL): string {
  const url = new URL(websocketUrl, appUrl);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

/** The claims of a JWT (not verified: the server verifies it; this only reads sub and exp). */
function jwtClaims(token: string): { sub?: string; exp?: number; email?: string } {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

async function getJson(
  url: URL,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `{ message }` of an error answer, or the start of the body. */
function errorText(response: { body: unknown; text: string }): string {
  if (isRecord(response.body) && typeof response.body.message === 'string') return response.body.message;
  const text = response.text.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 120) : '(empty body)';
}

/** Opens the websocket and runs the SPA's handshake: hello → WS-CONNECTED, authorize → WS-AUTHORIZED. */
async function websocketHandshake(
  url: string,
  token: string,
  timeoutMs: number,
): Promise<{ userId: unknown; connectedMs: number; authorizedMs: number }> {
  const started = performance.now();
  const socket = new WebSocket(url, { handshakeTimeout: timeoutMs });
  // Errors are reported by the steps below; without a listener one would crash the process.
  socket.on('error', () => {});
  const messages: Array<{ eventName?: unknown; data?: unknown }> = [];
  let wake: (() => void) | undefined;
  let closed: string | undefined;
  socket.on('message', (raw) => {
    try {
      const message: unknown = JSON.parse(raw.toString());
      if (isRecord(message)) messages.push(message);
    } catch {
      // Not ours; ignored as the SPA ignores it.
    }
    wake?.();
  });
  const deadline = Date.now() + timeoutMs;
  const wait = (what: string, found: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (found()) return done(resolve);
        const error = messages.find((m) => m.eventName === 'WS-ERROR');
        if (error) {
          const said =
            isRecord(error.data) && typeof error.data.message === 'string' ? error.data.message : '';
          return done(() =>
            reject(new CheckFailed(`the server answered WS-ERROR (${said}) while waiting for ${what}`)),
          );
        }
        if (closed !== undefined)
          return done(() => reject(new CheckFailed(`${closed} while waiting for ${what}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new CheckFailed(`no ${what} within ${timeoutMs} ms`))),
        Math.max(0, deadline - Date.now()),
      );
      const done = (finish: () => void) => {
        clearTimeout(timer);
        wake = undefined;
        finish();
      };
      wake = check;
      check();
    });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_req, res) =>
        reject(new CheckFailed(`the websocket upgrade at ${url} answered HTTP ${res.statusCode}`)),
      );
      socket.once('error', (error) => reject(new CheckFailed(`cannot open ${url}: ${describeError(error)}`)));
    });
    socket.on('close', (code, reason) => {
      closed = `the server closed the websocket (${code}${reason.length ? ` ${reason.toString()}` : ''})`;
      wake?.();
    });
    const has = (name: string) => messages.some((m) => m.eventName === name);
    socket.send(JSON.stringify({ action: 'hello' }));
    await wait(WS_CONNECTED, () => has(WS_CONNECTED));
    const connectedMs = performance.now() - started;
    socket.send(JSON.stringify({ action: 'authorize', token, sessionId: `smoke-${randomUUID()}` }));
    await wait(WS_AUTHORIZED, () => has(WS_AUTHORIZED) || has(WS_UNAUTHORIZED));
    if (has(WS_UNAUTHORIZED)) fail(`the server answered ${WS_UNAUTHORIZED} to the ID token`);
    const authorized = messages.find((m) => m.eventName === WS_AUTHORIZED);
    const userId = isRecord(authorized?.data) ? authorized.data.userId : undefined;
    return { userId, connectedMs, authorizedMs: performance.now() - started };
  } finally {
    socket.terminate();
  }
}

const pad = (text: string, width: number) => text.padEnd(width);

export function formatCheck(check: CheckResult): string {
  const time = check.startedAt.slice(11, 23);
  const status = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' }[check.status];
  const duration = check.status === 'skip' ? '-' : `${Math.round(check.durationMs)} ms`;
  return `${time}  ${status}  ${pad(check.name, 9)}  ${duration.padStart(8)}  ${check.detail}`;
}

/** Runs every check against one app URL; never throws (a failure is a FAIL line and ok: false). */
export async function runSmoke(options: SmokeOptions): Promise<SmokeReport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => console.log(line));
  const checks: CheckResult[] = [];
  const started = performance.now();

  const run = async <T>(
    name: CheckName,
    body: () => Promise<{ value: T; detail: string }>,
    needs: Array<[unknown, string]> = [],
  ): Promise<T | undefined> => {
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    let result: CheckResult;
    let value: T | undefined;
    const missing = needs.find(([input]) => input === undefined);
    if (missing) {
      result = { name, status: 'skip', startedAt, durationMs: 0, detail: `needs ${missing[1]}` };
    } else {
      try {
        const outcome = await body();
        value = outcome.value;
        result = {
          name,
          status: 'pass',
          startedAt,
          durationMs: performance.now() - t0,
          detail: outcome.detail,
        };
      } catch (error) {
        result = {
          name,
          status: 'fail',
          startedAt,
          durationMs: performance.now() - t0,
          detail: describeError(error),
        };
      }
    }
    checks.push(result);
    log(formatCheck(result));
    return value;
  };

  const appUrl = (() => {
    try {
      return parseAppUrl(options.url);
    } catch (error) {
      const result: CheckResult = {
        name: 'config',
        status: 'fail',
        startedAt: new Date().toISOString(),
        durationMs: 0,
        detail: describeError(error),
      };
      checks.push(result);
      log(formatCheck(result));
      return undefined;
    }
  })();

  const config = appUrl
    ? await run('config', async () => {
        const where = new URL('/runtime-config.json', appUrl);
        let response: Awaited<ReturnType<typeof getJson>>;
        try {
          response = await getJson(where, timeoutMs);
        } catch (error) {
          return fail(`cannot reach ${where.href}: ${describeError(error)}`);
        }
        if (response.status !== 200) {
          fail(
            `GET ${where.href} answered ${response.status}; is ${appUrl.origin} the stage's app URL ` +
              '(the AppUrl stack output), and was the site deployed?',
          );
        }
        const parsed = RuntimeConfig.safeParse(response.body);
        if (!parsed.success) {
          fail(`${where.href} is not the app's runtime configuration (${parsed.error.issues[0]?.message})`);
        }
        const value = parsed.data;
        return {
          value,
          detail: `stage ${value.stage}, ${value.region}, user pool ${value.userPoolId}, client ${value.userPoolClientId}`,
        };
      })
    : undefined;

  const apiBase = appUrl ? new URL(`${(config?.apiBase ?? '/api').replace(/\/$/, '')}/`, appUrl) : undefined;

  await run('health', async () => {
    const where = new URL('health', apiBase);
    let response: Awaited<ReturnType<typeof getJson>>;
    try {
      response = await getJson(where, timeoutMs);
    } catch (error) {
      return fail(`cannot reach ${where.href}: ${describeError(error)}`);
    }
    if (response.status !== 200)
      fail(`GET ${where.pathname} answered ${response.status}: ${errorText(response)}`);
    const data = isRecord(response.body) && isRecord(response.body.data) ? response.body.data : undefined;
    if (data?.status !== 'ok') fail(`GET ${where.pathname} did not say ok: ${errorText(response)}`);
    if (config && data!.stage !== config.stage) {
      fail(`the API answers for stage "${data!.stage}" but the site is stage "${config.stage}"`);
    }
    return { value: true, detail: `status ${data!.status}, stage ${data!.stage}, table ${data!.table}` };
  }, [[apiBase, 'the app URL']]);

  const idToken = await run('sign-in', async () => {
    const cfg = config!;
    const client = new CognitoIdentityProviderClient({
      region: cfg.region,
      maxAttempts: 1,
      ...(cfg.userPoolEndpoint ? { endpoint: cfg.userPoolEndpoint } : {}),
    });
    try {
      const result = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: cfg.userPoolClientId,
          AuthParameters: { USERNAME: options.email, PASSWORD: options.password },
        }),
        { abortSignal: AbortSignal.timeout(timeoutMs) },
      );
      if (result.ChallengeName) {
        fail(
          `Cognito asks for ${result.ChallengeName} for ${options.email}; finish it once in the app ` +
            '(or set a permanent password: aws cognito-idp admin-set-user-password --permanent)',
        );
      }
      const token = result.AuthenticationResult?.IdToken;
      if (!token) fail('Cognito answered without an ID token');
      const claims = jwtClaims(token);
      const validFor =
        result.AuthenticationResult?.ExpiresIn ??
        (claims.exp ? Math.round(claims.exp - Date.now() / 1000) : undefined);
      return {
        value: token,
        detail: `${options.email} signed in (user ${claims.sub ?? '?'})${validFor === undefined ? '' : `, ID token valid ${validFor} s`}`,
      };
    } catch (error) {
      if (error instanceof CheckFailed) throw error;
      return fail(`Cognito refused the sign-in of ${options.email}: ${describeError(error)}`);
    } finally {
      client.destroy();
    }
  }, [[config, 'the runtime configuration']]);

  await run('user', async () => {
    const where = new URL('user', apiBase);
    const response = await getJson(where, timeoutMs, {
      authorization: idToken!,
      [HEADER_SESSION_ID]: `smoke-${randomUUID()}`,
    });
    if (response.status === 404 && /not registered/i.test(errorText(response))) {
      fail(
        `GET ${where.pathname} answered 404 (${errorText(response)}): the test user signs in but has not ` +
          'completed registration; sign in once in the app and complete it',
      );
    }
    if (response.status !== 200)
      fail(`GET ${where.pathname} answered ${response.status}: ${errorText(response)}`);
    const data = isRecord(response.body) && isRecord(response.body.data) ? response.body.data : {};
    const email = typeof data.emailAddress === 'string' ? data.emailAddress : '';
    if (email.toLowerCase() !== options.email.toLowerCase()) {
      fail(`GET ${where.pathname} answered for "${email}", not ${options.email}`);
    }
    return { value: true, detail: `user ${data.userId}, team ${data.teamId ?? 'none'}` };
  }, [
    [apiBase, 'the app URL'],
    [idToken, 'a signed-in user'],
  ]);

  await run('websocket', async () => {
    const url = resolveWebsocketUrl(config!.websocketUrl, appUrl!);
    const { userId, connectedMs, authorizedMs } = await websocketHandshake(url, idToken!, timeoutMs);
    const sub = jwtClaims(idToken!).sub;
    if (userId !== sub) fail(`${WS_AUTHORIZED} names user ${String(userId)}, not the signed-in ${sub}`);
    return {
      value: true,
      detail: `${url}: ${WS_CONNECTED} after ${Math.round(connectedMs)} ms, ${WS_AUTHORIZED} after ${Math.round(authorizedMs)} ms`,
    };
  }, [
    [config, 'the runtime configuration'],
    [idToken, 'a signed-in user'],
  ]);

  const durationMs = performance.now() - started;
  const failed = checks.filter((c) => c.status === 'fail').length;
  const skipped = checks.filter((c) => c.status === 'skip').length;
  const passed = checks.filter((c) => c.status === 'pass').length;
  const ok = failed === 0 && skipped === 0 && passed === CHECK_NAMES.length;
  log(
    `smoke ${ok ? 'passed' : 'FAILED'}: ${passed} passed, ${failed} failed, ${skipped} skipped in ` +
      `${Math.round(durationMs)} ms against ${appUrl?.origin ?? options.url}`,
  );
  return { ok, url: appUrl?.origin ?? options.url, checks, durationMs };
}

const USAGE =
  'usage: npm run smoke -- --url <app URL> --email <test user> [--password <password>] [--timeout <ms>]\n' +
  '  (or set SMOKE_PASSWORD instead of --password)';

/** The command line: exit 0 when every check passed, 1 when one failed, 2 on bad arguments. */
export async function main(argv: string[]): Promise<number> {
  // The SDK's notice that its 2027 releases will need Node 22 is noise in a smoke check's output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  let values: { url?: string; email?: string; password?: string; timeout?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${describeError(error)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const password = values.password ?? process.env.SMOKE_PASSWORD;
  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  const missing = [!values.url && '--url', !values.email && '--email', !password && '--password'].filter(
    Boolean,
  );
  if (missing.length || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    console.error(`${missing.length ? `missing ${missing.join(', ')}` : 'bad --timeout'}\n${USAGE}`);
    return 2;
  }
  const report = await runSmoke({ url: values.url!, email: values.email!, password: password!, timeoutMs });
  return report.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
