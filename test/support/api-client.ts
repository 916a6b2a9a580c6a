/**
 * The tests' REST client, typed from the route table: `client(stack).call('inviteMember', { token,
 * body })` takes the method and path from shared/routes (path parameters filled by fillPath, the
 * query encoded as the SPA encodes it) and resolves to `{ status, body }` whatever the status.
 * `raw` is the escape hatch for deliberately malformed requests: any body, any method and path, or
 * a route by name without type checks.
 */
import {
  fillPath,
  type RouteBody,
  type RouteName,
  type RouteQuery,
  type Routes,
  routes,
} from '../../shared/routes';

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** Values for a route's {param} placeholders, or undefined when its path has none. */
export type RouteParams<N extends RouteName> = [PathParamNames<Routes[N]['path']>] extends [never]
  ? undefined
  : Record<PathParamNames<Routes[N]['path']>, string>;

export interface ApiResponse {
  status: number;
  /** The parsed JSON body (text when the response is not JSON; undefined when empty). */
  body: any;
}

interface Common {
  /** A Cognito ID token, sent as the authorization header (as the SPA sends it). */
  token?: string;
  headers?: Record<string, string>;
}

export interface CallInit<N extends RouteName> extends Common {
  params?: RouteParams<N>;
  query?: RouteQuery<N>;
  body?: RouteBody<N>;
}

type RequiredInit<N extends RouteName> = (RouteBody<N> extends undefined
  ? Record<never, never>
  : { body: RouteBody<N> }) &
  (RouteParams<N> extends undefined ? Record<never, never> : { params: RouteParams<N> });

/** The init argument is required exactly when the route takes a body or path parameters. */
export type CallArgs<N extends RouteName> =
  Record<never, never> extends RequiredInit<N> ? [init?: CallInit<N>] : [init: CallInit<N> & RequiredInit<N>];

export interface RawInit extends Common {
  /** Sent as is when a string, as JSON otherwise. */
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
}

export interface ApiClient {
  /** Calls a route of the table by name; the body, params and query are typed from it. */
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<ApiResponse>;
  /** A route of the table by name, without type checks (malformed bodies, params or queries). */
  raw(name: RouteName, init?: RawInit): Promise<ApiResponse>;
  /** Any method and path (e.g. a route the table does not have). */
  raw(method: string, path: string, init?: RawInit): Promise<ApiResponse>;
  /** The same client with `token` sent on every call that does not name its own. */
  as(token: string): ApiClient;
}

type Base = string | { appUrl: string };

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A client for the stack at `base`: its app URL, the stack itself, or a function returning either
 * (so a file can create its client before its beforeAll starts the stack).
 */
export function client(base: Base | (() => Base), defaults: Common = {}): ApiClient {
  const appUrl = () => {
    const resolved = typeof base === 'function' ? base() : base;
    return typeof resolved === 'string' ? resolved : resolved.appUrl;
  };

  async function send(method: string, path: string, init: RawInit = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...defaults.headers, ...init.headers };
    const token = init.token ?? defaults.token;
    if (token) headers.authorization = token;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${appUrl()}${withQuery(path, init.query)}`, {
      method,
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body),
    });
    return { status: response.status, body: await readBody(response) };
  }

  function byName(name: RouteName, init: RawInit = {}) {
    if (!Object.hasOwn(routes, name)) throw new Error(`No route named ${name}`);
    const route = routes[name];
    return send(route.method, fillPath(route.path, init.params), init);
  }

  return {
    call: (name, ...args) => byName(name, args[0] as RawInit | undefined),
    raw: ((first: string, second?: string | RawInit, third?: RawInit) =>
      typeof second === 'string'
        ? send(first, second, third)
        : byName(first as RouteName, second)) as ApiClient['raw'],
    as: (token) => client(base, { ...defaults, token }),
  };
}
