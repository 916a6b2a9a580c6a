/**
 * The one builder of API Gateway REST proxy events (payload 1.0) outside AWS: the local gateway
 * turns each HTTP request into one, and the unit tests hand them to the handlers directly. It keeps
 * API Gateway's semantics: the last value of a repeated query key in `queryStringParameters`, all of
 * them in `multiValueQueryStringParameters`, null for absent maps and bodies, and the Cognito
 * authorizer's claims as strings. Query and header maps have no prototype, so keys such as
 * `__proto__`, `constructor` or `toString` are plain keys.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { fillPath } from '../../shared/routes';

export interface ApiEventInit {
  /** The route: its path template is the event's `resource`; its method and (filled) path are the defaults. */
  route?: { method?: string; path: string };
  method?: string;
  /** The request path, without the query string; defaults to the route's path with `params` filled in. */
  path?: string;
  /** Path parameters, already decoded. */
  params?: Record<string, string> | null;
  /** The query: a URL's searchParams, pairs in order, or a map of one value or several per key. */
  query?: URLSearchParams | Iterable<readonly [string, string]> | Record<string, string | string[]> | null;
  headers?: Record<string, string | undefined> | null;
  body?: string | Uint8Array | null;
  /** The verified ID token's claims (user routes): API Gateway hands them over as strings. */
  claims?: Record<string, unknown> | null;
  sourceIp?: string;
  requestId?: string;
  stage?: string;
}

/** A map without a prototype: whatever the key, reading or writing it is an own property. */
const bare = <V>(): Record<string, V> => Object.create(null) as Record<string, V>;

function queryPairs(query: ApiEventInit['query']): Array<readonly [string, string]> {
  if (!query) return [];
  if (Symbol.iterator in query) return [...(query as Iterable<readonly [string, string]>)];
  const pairs: Array<readonly [string, string]> = [];
  for (const key of Object.keys(query)) {
    const value = (query as Record<string, string | string[]>)[key];
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, item]);
  }
  return pairs;
}

export function apiGatewayEvent(init: ApiEventInit): APIGatewayProxyEvent {
  const method = init.method ?? init.route?.method ?? 'GET';
  const params = init.params && Object.keys(init.params).length ? init.params : null;
  const path = init.path ?? (init.route ? fillPath(init.route.path, params ?? {}) : undefined);
  if (!path) throw new Error('apiGatewayEvent needs a path or a route');
  const resource = init.route?.path ?? path;

  const query = bare<string>();
  const multiQuery = bare<string[]>();
  for (const [key, value] of queryPairs(init.query)) {
    query[key] = value;
    multiQuery[key] = Object.hasOwn(multiQuery, key) ? [...multiQuery[key], value] : [value];
  }
  const hasQuery = Object.keys(query).length > 0;

  const headers = bare<string>();
  const multiHeaders = bare<string[]>();
  for (const [key, value] of Object.entries(init.headers ?? {})) {
    if (value === undefined) continue;
    headers[key] = value;
    multiHeaders[key] = [value];
  }

  const pathParameters = params ? Object.assign(bare<string>(), params) : null;
  const body =
    init.body === undefined || init.body === null || init.body.length === 0
      ? null
      : typeof init.body === 'string'
        ? init.body
        : Buffer.from(init.body).toString('utf8');
  const claims = init.claims
    ? Object.fromEntries(Object.entries(init.claims).map(([k, v]) => [k, String(v)]))
    : null;
  const stage = init.stage ?? 'local';

  return {
    resource,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: multiHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: claims ? { claims } : null,
      protocol: 'HTTP/1.1',
      httpMethod: method,
      identity: {
        sourceIp: init.sourceIp ?? '127.0.0.1',
      } as APIGatewayProxyEvent['requestContext']['identity'],
      path,
      stage,
      requestId: init.requestId ?? randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: resource,
    },
  };
}
