/**
 * The handler pipeline every route group shares: middy + @middy/http-router, routes taken from the
 * route table. Per request: body size and JSON checks, identity, zod validation, caller (membership
 * + permissions, loaded once), chaos injection (local, signed in), the route's implementation, the
 * response validated against its schema and wrapped as `{ data }`, and typed errors mapped to JSON.
 */
import middy, { type MiddlewareObj } from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as z from 'zod';
import { HEADER_CHAOS, HEADER_SESSION_ID, MAX_BODY_BYTES } from '../../shared/constants';
import type { RouteEntry, RouteGroup, RouteName, Routes } from '../../shared/routes';
import { bySpecificity, routeMatcher } from '../../shared/routes/match';
import { Id, pathParams, type RouteSpec } from '../../shared/routes/route';
import { isScimPath, SCIM_CONTENT_TYPE, scimErrorBody } from '../../shared/scim';
import { type ApiClient, countApiCall, verifyApiClient } from './api-keys';
import {
  type Caller,
  identityFrom,
  loadCaller,
  requirePermission,
  requireTeam,
  type TeamCaller,
} from './caller';
import { config } from './config';
import {
  BadRequestError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  ScimError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from './errors';
import { logger } from './logger';
import { type ScimClient, verifyScimToken } from './scim-tokens';

type Def<N extends RouteName> = Routes[N];
type Input<S> = S extends z.ZodType ? z.output<S> : undefined;
/** A route with a permission (or `team: true`) runs only for team members: its caller says so. */
type CallerOf<D> = D extends { auth: 'user' }
  ? D extends { permission: string } | { team: true }
    ? TeamCaller
    : Caller
  : undefined;

export interface RouteRequest<N extends RouteName> {
  /** The team whose API key signed an api-key route's request, or whose SCIM token a scim route's. */
  client: Def<N> extends { auth: 'api-key' }
    ? ApiClient
    : Def<N> extends { auth: 'scim' }
      ? ScimClient
      : undefined;
  body: Input<Def<N> extends { body: infer B } ? B : undefined>;
  query: Input<Def<N> extends { query: infer Q } ? Q : undefined>;
  params: Record<string, string>;
  caller: CallerOf<Def<N>>;
  sourceIp: string;
  /** The browser session (x-session-id): stored with a change so its live event is marked `self` there. */
  sessionId: string | null;
  event: APIGatewayProxyEvent;
}
export type RouteImpl<N extends RouteName> = (req: RouteRequest<N>) => Promise<z.input<Def<N>['response']>>;
type GroupRoutes<G extends RouteGroup> = {
  [N in RouteName]: Def<N>['group'] extends G ? N : never;
}[RouteName];
export type GroupImpl<G extends RouteGroup> = { [N in GroupRoutes<G>]: RouteImpl<N> };

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

export const json = (statusCode: number, body: unknown): APIGatewayProxyResult => ({
  statusCode,
  headers: JSON_HEADERS,
  body: JSON.stringify(body),
});

/** A raw JSON route's null: accepted, nothing to answer (an MCP notification). */
const accepted = (): APIGatewayProxyResult => ({
  statusCode: 202,
  headers: { 'cache-control': 'no-store' },
  body: '',
});

const html = (body: string): APIGatewayProxyResult => ({
  statusCode: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  body,
});

/** The route's own path-parameter schema, or every {param} an `Id`. */
const paramsSchemaOf = (route: RouteEntry) =>
  route.params ?? z.object(Object.fromEntries(pathParams(route.path).map((name) => [name, Id])));

function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const entry = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return entry?.[1] ?? undefined;
}

/** Each field's messages, each message once (two checks may word their failure the same way). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fieldErrors[field] ??= [];
    if (!fieldErrors[field].includes(issue.message)) fieldErrors[field].push(issue.message);
  }
  return fieldErrors;
}

function validate<S extends z.ZodType | undefined>(schema: S, value: unknown, what: string): Input<S> {
  if (!schema) return undefined as Input<S>;
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new BadRequestError(`Invalid ${what}`, fieldErrorsOf(result.error), { cause: result.error });
  }
  return result.data as Input<S>;
}

/**
 * Limits every JSON body keeps, whatever its schema (a free-form field such as `eventData` is stored
 * as it is): nesting well within DynamoDB's 32 levels, numbers DynamoDB can hold (finite, and zero or
 * between 1e-130 and 9.99e125 in magnitude), no empty object keys, and no keys named like the
 * members a careless merge or the DynamoDB marshaller treats specially (`__proto__`,
 * `constructor`, `prototype`).
 */
export const JSON_LIMITS = { depth: 16, minMagnitude: 1e-130, maxMagnitude: 9.99e125 } as const;
export const JSON_DEPTH_MESSAGE = `Values may be nested at most ${JSON_LIMITS.depth} levels deep`;
export const JSON_NUMBER_MESSAGE =
  'Numbers must be finite, and zero or between 1e-130 and 9.99e125 in magnitude';
export const JSON_KEY_MESSAGE = 'Object keys must not be empty';
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
export const JSON_RESERVED_KEY_MESSAGE = 'Object keys must not be __proto__, constructor or prototype';

/** The first place where `value` breaks JSON_LIMITS, as [field path, message]; undefined when none. */
export function jsonLimitProblem(value: unknown): [string, string] | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    const field = path.join('.') || '_';
    if (typeof current === 'number') {
      const magnitude = Math.abs(current);
      const storable =
        Number.isFinite(current) &&
        (magnitude === 0 || (magnitude >= JSON_LIMITS.minMagnitude && magnitude <= JSON_LIMITS.maxMagnitude));
      if (!storable) return [field, JSON_NUMBER_MESSAGE];
    } else if (current !== null && typeof current === 'object') {
      if (path.length >= JSON_LIMITS.depth) return [field, JSON_DEPTH_MESSAGE];
      for (const [key, member] of Object.entries(current)) {
        if (!Array.isArray(current)) {
          if (key === '') return [field, JSON_KEY_MESSAGE];
          if (RESERVED_KEYS.has(key)) return [field, JSON_RESERVED_KEY_MESSAGE];
        }
        pending.push({ value: member, path: [...path, key] });
      }
    }
  }
  return undefined;
}

function parseBody(event: APIGatewayProxyEvent): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new PayloadTooLargeError();
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (cause) {
    throw new BadRequestError('Request body is not valid JSON', undefined, { cause });
  }
  const problem = jsonLimitProblem(body);
  if (problem) throw new BadRequestError('Invalid request body', { [problem[0]]: [problem[1]] });
  return body;
}

/**
 * Runs one route: identity, validation, caller, permission, implementation, response schema. Input
 * is checked before the caller is loaded (as API Gateway's request validators would, after the
 * authorizer): a malformed request costs no read, and its answer is the same whoever sends it.
 */
function routeHandler(route: RouteEntry, impl: RouteImpl<RouteName>) {
  return async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    logger.appendKeys({ route: route.name });
    const identity = route.auth === 'user' ? identityFrom(event) : undefined;
    const client =
      route.auth === 'api-key'
        ? await verifyApiClient(header(event, 'client_id'), header(event, 'client_secret'))
        : route.auth === 'scim'
          ? await verifyScimToken(header(event, 'authorization'))
          : undefined;
    if (client)
      logger.appendKeys({ teamId: client.teamId, client: 'keyPrefix' in client ? client.keyPrefix : 'scim' });
    const body = route.body ? validate(route.body, parseBody(event), 'request body') : undefined;
    const query = validate(route.query, { ...event.queryStringParameters }, 'query');
    const params = validate(paramsSchemaOf(route), { ...event.pathParameters }, 'path');
    let caller: Caller | undefined;
    if (identity) {
      caller = await loadCaller(identity);
      logger.appendKeys({ userId: caller.identity.sub, teamId: caller.user?.teamId });
      if (route.permission) requirePermission(caller, route.permission);
      else if (route.team) requireTeam(caller);
      await injectChaos(header(event, HEADER_CHAOS));
    }
    // A valid call of the public API counts against its client id's limit (a refused one costs nothing).
    if (client && route.auth === 'api-key') await countApiCall(client as ApiClient);
    const request = {
      client,
      body,
      query,
      params: params as Record<string, string>,
      caller,
      sourceIp: event.requestContext?.identity?.sourceIp ?? 'unknown',
      sessionId: header(event, HEADER_SESSION_ID)?.slice(0, 128) ?? null,
      event,
    } as RouteRequest<RouteName>;
    const data = route.response.parse(await impl(request));
    if (route.raw === 'scim') return scimResponse(route.method, data);
    if (route.raw === 'html') return html(data as string);
    if (route.raw === 'json' && data === null) return accepted();
    return json(200, route.raw === 'json' ? data : { data });
  };
}

/** A SCIM answer (RFC 7644 §3): 201 with Location for a creation, 204 for a deletion, else 200. */
function scimResponse(method: string, data: unknown): APIGatewayProxyResult {
  const headers = { 'content-type': SCIM_CONTENT_TYPE, 'cache-control': 'no-store' };
  if (method === 'DELETE') return { statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' };
  const location = (data as { meta?: { location?: string } }).meta?.location;
  if (method === 'POST' && location)
    return { statusCode: 201, headers: { ...headers, location }, body: JSON.stringify(data) };
  return { statusCode: 200, headers, body: JSON.stringify(data) };
}

/** SCIM's error body (RFC 7644 §3.12) for an error of a SCIM path, whatever failed. */
function scimErrorResponse(statusCode: number, detail: string, scimType?: string): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'content-type': SCIM_CONTENT_TYPE, 'cache-control': 'no-store' },
    body: JSON.stringify(scimErrorBody(statusCode, detail, scimType)),
  };
}
/** RFC 7644's scimType for an error: the service's own, or what a validation or conflict means. */
const scimTypeOf = (error: HttpError) =>
  error instanceof ScimError
    ? error.scimType
    : error.statusCode === 400
      ? 'invalidValue'
      : error.statusCode === 409
        ? 'uniqueness'
        : undefined;
/** The SCIM detail of a validation error: its message and each field's messages. */
const scimDetail = (error: HttpError) =>
  [
    error.message,
    ...Object.entries(error.fieldErrors ?? {}).map(([field, messages]) => `${field}: ${messages.join('; ')}`),
  ].join('. ');

/** Longest delay the chaos header can ask for: enough to exercise the client's timeouts and retries. */
export const CHAOS_MAX_DELAY_MS = 5000;

/**
 * Failures and delays injected on request so the client's retries and timeouts can be exercised:
 * honoured only where the runner enables it (never in a deployed stage) and only for signed-in
 * callers, so nobody can hold a function by sending a header.
 */
async function injectChaos(flag: string | undefined) {
  if (!flag || !config.chaosEnabled) return;
  const delay = /^delay=(\d{1,6})$/.exec(flag);
  if (delay)
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number(delay[1]), CHAOS_MAX_DELAY_MS)));
  else if (flag === 'fail' || (flag === 'flaky' && Math.random() < 0.5)) {
    throw new ServiceUnavailableError('Injected failure (chaos header)');
  }
}

/** Logs one line per request and turns every error into a JSON response without internals. */
const requestLog = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => {
  let started = 0;
  const done = (event: APIGatewayProxyEvent, statusCode: number) => {
    const entry = {
      method: event.httpMethod,
      path: event.path,
      statusCode,
      durationMs: Date.now() - started,
    };
    if (statusCode >= 500) logger.error('request', entry);
    else logger.info('request', entry);
    logger.resetKeys();
  };
  return {
    before: ({ event, context }) => {
      started = Date.now();
      logger.appendKeys({ requestId: event.requestContext?.requestId ?? context.awsRequestId });
    },
    after: (request) => done(request.event, request.response?.statusCode ?? 200),
    onError: (request) => {
      const { error } = request;
      if (error instanceof HttpError) {
        // The cause stays in the logs; the caller sees only the message.
        if (error.cause) logger.info('request refused', { error: error.message, cause: String(error.cause) });
        request.response = isScimPath(request.event.path ?? '')
          ? scimErrorResponse(error.statusCode, scimDetail(error), scimTypeOf(error))
          : json(error.statusCode, { message: error.message, fieldErrors: error.fieldErrors });
        if (error instanceof TooManyRequestsError && error.retryAfterSeconds) {
          request.response.headers = {
            ...request.response.headers,
            'retry-after': String(error.retryAfterSeconds),
          };
        }
      } else {
        // A response failing its own schema is a server bug, never the caller's fault.
        if (error instanceof z.ZodError) logger.error('response schema violation', { issues: error.issues });
        else logger.error('unhandled error', error as Error);
        request.response = isScimPath(request.event.path ?? '')
          ? scimErrorResponse(500, 'Internal server error')
          : json(500, { message: 'Internal server error' });
      }
      done(request.event, request.response.statusCode);
    },
  };
};

/**
 * Behind API Gateway a route group is reached through a few `{proxy+}` resources (lib/constructs/api.ts),
 * not a resource per route: such an event names the proxy resource and carries only `{ proxy: 'rest/of/path' }`.
 * This resolves the route from the method and path (API Gateway's precedence, shared/routes/match.ts) and
 * hands the event on as a resource per route would have: the route's path template as `resource` and its
 * decoded path parameters, exactly what the local gateway sends. A path no route of the group serves is
 * left alone for the router's 404.
 */
export const proxyRouting = (
  routes: readonly RouteEntry[],
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => {
  const match = routeMatcher(routes);
  return {
    before: ({ event }) => {
      if (!event.resource?.endsWith('{proxy+}')) return;
      const matched = match(event.httpMethod, event.path);
      if (!matched) return;
      event.resource = matched.route.path;
      event.pathParameters = Object.keys(matched.params).length ? matched.params : null;
    },
  };
};

type RouteFn = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

/**
 * The pipeline of a route group around its routes: the request log, {proxy+} resolution and the router,
 * which tries the routes most specific first, so its choice is API Gateway's (and the local gateway's).
 */
export function routedHandler(routes: readonly RouteEntry[], handlerOf: (route: RouteEntry) => RouteFn) {
  const ordered = [...routes].sort(bySpecificity);
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(requestLog())
    .use(proxyRouting(ordered))
    .handler(
      httpRouterHandler({
        routes: ordered.map((r) => ({ method: r.method, path: r.path, handler: handlerOf(r) })),
        notFoundResponse: () => {
          throw new NotFoundError();
        },
      }) as never,
    );
}

/**
 * Builds a route group's Lambda handler from its slice of the route table (shared/routes/<group>.ts)
 * and its implementations, keyed by route name. The slice rather than the composed table, so a
 * group's bundle carries its own routes and schemas, not every group's.
 */
export function createGroupHandler<G extends RouteGroup>(
  slice: { name: G; routes: Record<string, RouteSpec & { group: G }> },
  impls: GroupImpl<G>,
) {
  const entries = Object.entries(slice.routes).map(([name, def]) => ({ name, ...def }) as RouteEntry);
  return routedHandler(entries, (r) =>
    routeHandler(r, (impls as Record<string, RouteImpl<RouteName>>)[r.name]),
  );
}
