/**
 * The one way the SPA calls the REST API. Typed from shared/routes.ts: `api('getUser')` resolves to
 * the parsed `data` member of the `{ data }` envelope of that route's 200 response.
 *
 * Policy (spec 000 §7, §9): 30 s timeout per attempt, up to 2 attempts with a pause of
 * attempt² × 100 ms, retry only on network errors, timeouts and 5xx; any status other than 200 is a
 * failure. Headers: the Cognito ID token (except on public routes), the tab's session id and the
 * chaos flag (always; `off` unless set with `?chaos=`, see applyChaosQueryFlag).
 */
import {
  HEADER_CHAOS,
  HEADER_SESSION_ID,
  REQUEST_ATTEMPTS,
  REQUEST_TIMEOUT_MS,
  retryPauseMs,
} from '@shared/constants';
import type { RouteBody, RouteName, RouteQuery, RouteResponse, Routes } from '@shared/routes';
import { ErrorBody } from '@shared/schemas/base';
import { fetchAuthSession } from 'aws-amplify/auth';
import { logAppError } from './app-error';

/** localStorage key holding the chaos flag (`fail`, `flaky` or `delay=<ms>`), sent as x-chaos. */
export const CHAOS_STORAGE_KEY = 'chaos';
/** The query parameter that sets the chaos flag for this browser: `?chaos=fail`, `?chaos=off`. */
export const CHAOS_QUERY_PARAM = 'chaos';
/** The chaos header's value when no failure or delay is asked for. */
export const CHAOS_OFF = 'off';
/** What the server's chaos handling understands (functions/common/http.ts). */
const CHAOS_FLAG = /^(fail|flaky|delay=\d{1,6})$/;

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** Values for a route's {param} placeholders, or undefined when its path has none. */
export type ApiParams<N extends RouteName> = [PathParamNames<Routes[N]['path']>] extends [never]
  ? undefined
  : Record<PathParamNames<Routes[N]['path']>, string>;

export interface ApiOptions<N extends RouteName> {
  params?: ApiParams<N>;
  query?: RouteQuery<N>;
  body?: RouteBody<N>;
  /** Cancels the call (no retry), e.g. react-query's signal. */
  signal?: AbortSignal;
}

type RequiredOptions<N extends RouteName> = (RouteBody<N> extends undefined
  ? Record<never, never>
  : { body: RouteBody<N> }) &
  (ApiParams<N> extends undefined ? Record<never, never> : { params: ApiParams<N> });

/** The options argument is required exactly when the route takes a body or path parameters. */
type ApiArgs<N extends RouteName> =
  Record<never, never> extends RequiredOptions<N>
    ? [options?: ApiOptions<N>]
    : [options: ApiOptions<N> & RequiredOptions<N>];

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response';

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly fieldErrors?: Record<string, string[]>;
  readonly route: RouteName;

  constructor(init: {
    route: RouteName;
    kind: ApiErrorKind;
    status: number;
    message: string;
    fieldErrors?: Record<string, string[]>;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.route = init.route;
    this.kind = init.kind;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors;
  }

  /** Network errors, timeouts and 5xx are worth another attempt; 4xx and bad bodies are not. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout' || (this.kind === 'http' && this.status >= 500);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

function randomId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One id per browser tab (per page load): live events sent by this tab are skipped by it. */
const SESSION_ID = randomId();
export const getSessionId = () => SESSION_ID;

/** The chaos flag in force in this browser, or `off`. */
export function chaosFlag(): string {
  try {
    const flag = globalThis.localStorage?.getItem(CHAOS_STORAGE_KEY) ?? '';
    return CHAOS_FLAG.test(flag) ? flag : CHAOS_OFF;
  } catch {
    return CHAOS_OFF;
  }
}

/**
 * The development setting behind the chaos header: `?chaos=fail`, `?chaos=flaky` or
 * `?chaos=delay=<ms>` on any page keeps that flag in localStorage for every later call from this
 * browser (the local runner then fails or delays signed-in calls, to exercise the retries and
 * timeouts); `?chaos=off` clears it. The parameter is taken out of the address. Answers the flag in
 * force. Deployed stages ignore the header.
 */
export function applyChaosQueryFlag(
  location: Pick<Location, 'href'> | undefined = globalThis.location,
): string {
  if (!location) return chaosFlag();
  const url = new URL(location.href);
  const requested = url.searchParams.get(CHAOS_QUERY_PARAM);
  if (requested === null) return chaosFlag();
  try {
    if (CHAOS_FLAG.test(requested)) globalThis.localStorage?.setItem(CHAOS_STORAGE_KEY, requested);
    else globalThis.localStorage?.removeItem(CHAOS_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the flag simply stays off.
  }
  url.searchParams.delete(CHAOS_QUERY_PARAM);
  globalThis.history?.replaceState(globalThis.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const flag = chaosFlag();
  if (flag !== CHAOS_OFF) console.warn(`Chaos flag on: every API call sends ${HEADER_CHAOS}: ${flag}`);
  return flag;
}

async function idToken(): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

type RouteTable = typeof import('@shared/routes');
let routeTable: Promise<RouteTable> | undefined;
/**
 * The route table (every route's zod schemas, about 65 kB) loads with the first call rather than with
 * this module, so a screen that has not called the API yet (/login) does not wait for it.
 */
async function loadRoutes(name: RouteName): Promise<RouteTable> {
  try {
    routeTable ??= import('@shared/routes');
    return await routeTable;
  } catch (error) {
    routeTable = undefined;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError({ route: name, kind: 'network', status: 0, message: `Network error: ${reason}` });
  }
}

function buildUrl(fillPath: RouteTable['fillPath'], path: string, params: unknown, query: unknown): string {
  const url = fillPath(path, params as Record<string, string> | undefined);
  if (!query || typeof query !== 'object') return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The response's JSON, or undefined when the body is not JSON. Reading the body is still part of
 * the request: a cancel or a timeout while it arrives rejects here, and is that, not a bad response.
 */
async function readJson(response: Response, failed: (error: unknown) => ApiError): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw failed(error);
  }
}

async function attempt<N extends RouteName>(
  name: N,
  def: Routes[N],
  url: string,
  options: ApiOptions<N>,
): Promise<RouteResponse<N>> {
  const headers: Record<string, string> = { accept: 'application/json', [HEADER_SESSION_ID]: SESSION_ID };
  headers[HEADER_CHAOS] = chaosFlag();
  if (def.auth !== 'public') {
    const token = await idToken();
    if (token) headers.authorization = token;
  }
  const hasBody = options.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  /** What a rejected fetch or body read was: our timeout, the caller's cancel, or the network. */
  const failed = (error: unknown) => {
    if (timedOut) {
      return new ApiError({ route: name, kind: 'timeout', status: 0, message: 'The request timed out' });
    }
    if (options.signal?.aborted) {
      return new ApiError({ route: name, kind: 'aborted', status: 0, message: 'The request was cancelled' });
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new ApiError({ route: name, kind: 'network', status: 0, message: `Network error: ${reason}` });
  };

  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: def.method,
        headers,
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      throw failed(error);
    }

    const json = await readJson(response, failed);
    if (response.status !== 200) {
      const body = ErrorBody.safeParse(json);
      throw new ApiError({
        route: name,
        kind: 'http',
        status: response.status,
        message: body.success ? body.data.message : `Request failed with status ${response.status}`,
        fieldErrors: body.success ? body.data.fieldErrors : undefined,
      });
    }
    const envelope = json as { data?: unknown } | undefined;
    const parsed = def.response.safeParse(envelope?.data);
    if (!parsed.success) {
      throw new ApiError({
        route: name,
        kind: 'invalid-response',
        status: response.status,
        message: 'The server sent an unexpected response',
      });
    }
    return parsed.data as RouteResponse<N>;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Call a route of shared/routes.ts and resolve to its response `data`; rejects with ApiError. */
export async function api<N extends RouteName>(name: N, ...args: ApiArgs<N>): Promise<RouteResponse<N>> {
  const options: ApiOptions<N> = args[0] ?? {};
  const { routes, fillPath } = await loadRoutes(name);
  const def = routes[name];
  const url = buildUrl(fillPath, def.path, options.params, options.query);

  let failure: ApiError | undefined;
  for (let n = 1; n <= REQUEST_ATTEMPTS; n++) {
    if (options.signal?.aborted) {
      throw new ApiError({ route: name, kind: 'aborted', status: 0, message: 'The request was cancelled' });
    }
    try {
      return await attempt(name, def, url, options);
    } catch (error) {
      failure =
        error instanceof ApiError
          ? error
          : new ApiError({ route: name, kind: 'network', status: 0, message: String(error) });
      if (failure.kind === 'aborted') throw failure;
      if (!failure.retryable || n === REQUEST_ATTEMPTS) break;
      await sleep(retryPauseMs(n));
    }
  }
  const error = failure as ApiError;
  logAppError(name, error, { status: error.status, path: def.path });
  throw error;
}
