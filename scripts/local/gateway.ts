/**
 * The local stand-in for API Gateway and CloudFront: one origin serving the SPA, /runtime-config.json,
 * the REST API (routed from the route table to the unchanged handlers as proxy events, with the
 * Cognito authorizer's semantics), the WebSocket API at /ws (driving the same $connect/$default/
 * $disconnect handler) and the @connections management endpoint that postToConnection calls, for the
 * runtime only: it is served under a key the stack gives its handlers (WEBSOCKET_CALLBACK_URL), and a
 * post without the key is refused, as API Gateway refuses an unsigned one.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { type WebSocket, WebSocketServer } from 'ws';
import * as z from 'zod/mini';
import { planApiResources, plannedMethodFor } from '../../lib/constructs/api-plan';
import { matchRoute, type RouteGroup, routeList } from '../../shared/routes';
import { RuntimeConfig } from '../../shared/schemas/runtime-config';
import { isScimPath, SCIM_CONTENT_TYPE, scimErrorBody } from '../../shared/scim';
import { type SecurityOrigins, securityHeaders } from '../../shared/security-headers';
import { apiGatewayEvent } from './api-event';

type RestHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type WsHandler = (event: unknown, context: Context) => Promise<{ statusCode: number }>;
type Verify = (token: string) => Promise<Record<string, unknown>>;

export interface GatewayOptions {
  port: number;
  handlers: Record<RouteGroup, RestHandler>;
  websocketHandler: WsHandler;
  verifyIdToken: Verify;
  runtimeConfig: unknown;
  /**
   * The origins the CSP allows besides the app's own; by default derived from the runtime
   * configuration (cognito-local) and AWS_ENDPOINT_URL_S3 (where the handlers presign uploads).
   */
  securityOrigins?: SecurityOrigins;
  /**
   * The key the runtime's management client sends: @connections is served at
   * `${MANAGEMENT_PREFIX}/<key>/@connections/{id}` only (the client's endpoint carries the key as
   * a path, as a stage's does on AWS).
   */
  managementKey: string;
  /** Serve the built SPA from here, or hand non-API requests to Vite's middleware in dev mode. */
  spa:
    | { distDir: string }
    | { middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void };
}

/** The path under which, followed by the key, the @connections endpoint is served. */
export const MANAGEMENT_PREFIX = '/_runtime';

/** @connections/{id}, under the prefix and a key (the runtime's calls) or not (refused). */
const CONNECTIONS_PATH = new RegExp(`^(?:${MANAGEMENT_PREFIX}/([^/]+))?/@connections/([^/]+)$`);

/** The API Gateway resources and methods the REST API has on AWS (lib/constructs/api.ts). */
const API_PLAN = planApiResources(routeList);

/** API Gateway's payload limit; the handlers enforce their own, smaller, limit. */
const MAX_GATEWAY_BODY = 10 * 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

function lambdaContext(functionName: string): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:ap-southeast-2:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000 - (Date.now() - started),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_GATEWAY_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_GATEWAY_BODY ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** What the local browser calls besides the app: cognito-local, s3rver and the app's own websocket. */
export function localSecurityOrigins(
  options: Pick<GatewayOptions, 'port' | 'runtimeConfig'>,
): SecurityOrigins {
  const config = z.partial(RuntimeConfig).safeParse(options.runtimeConfig);
  const identityProvider = config.data?.userPoolEndpoint;
  const s3 = process.env.AWS_ENDPOINT_URL_S3;
  return {
    identityProvider: identityProvider ? new URL(identityProvider).origin : "'self'",
    // The hosted domain speaks HTTPS, as Amplify requires (a self-signed certificate locally).
    hostedUi: config.data?.oauthDomain ? `https://${config.data.oauthDomain}` : undefined,
    websocket: `ws://127.0.0.1:${options.port}`,
    uploads: s3 ? [new URL(s3).origin] : [],
  };
}

/** Header names lower-cased, so the gateway's defaults and a handler's own headers merge. */
function lowerCased(headers: Record<string, unknown> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([key, value]) => [key.toLowerCase(), String(value)]),
  );
}

function singleValued(headers: IncomingMessage['headers']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join(',') : (value ?? ''),
    ]),
  );
}

/** An API request as the gateway takes it off the wire (or from a test, in-process). */
export interface ApiRequest {
  method: string;
  url: URL;
  headers: Record<string, string | undefined>;
  body: Buffer;
  sourceIp?: string;
}

export interface ApiAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export interface Gateway {
  server: Server;
  /**
   * An API request handled as one that came over HTTP is (routing, the authorizer, the event, the
   * group's handler), without the HTTP: for sweeps that send many thousands.
   */
  invokeApi(request: ApiRequest): Promise<ApiAnswer>;
  /** Drops every websocket, waits for their $disconnect handlers, then closes the server. */
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const sockets = new Map<string, WebSocket>();
  const disconnecting = new Set<Promise<void>>();

  const origins = options.securityOrigins ?? localSecurityOrigins(options);
  // As CloudFront's policies: the whole set on pages and files (plain http, so no HSTS) and on the
  // API, whose /api/docs is a page, plus no-store there unless a handler says otherwise. Vite's dev
  // server injects an inline script (React refresh), so in dev mode the CSP is left out.
  const siteHeaders = securityHeaders(origins, { https: false, csp: 'distDir' in options.spa });
  const apiHeaders = { ...securityHeaders(origins, { https: false }), 'cache-control': 'no-store' };

  function sendJson(res: ServerResponse, statusCode: number, body: unknown) {
    res.writeHead(statusCode, { ...apiHeaders, 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  /** One API request, from its method, URL, headers and body to the handler's answer. */
  async function dispatchApi(request: ApiRequest): Promise<ApiAnswer> {
    const json = (statusCode: number, body: unknown): ApiAnswer => ({
      statusCode,
      headers: { ...apiHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const verifiedClaims = async () => {
      const token = request.headers.authorization?.replace(/^Bearer /i, '');
      return token ? await options.verifyIdToken(token).catch(() => undefined) : undefined;
    };
    const matched = matchRoute(request.method, request.url.pathname);
    if (!matched) {
      // As on AWS: under a signed-in group's {proxy+} the Cognito authorizer runs before the handler's 404.
      const method = plannedMethodFor(API_PLAN, request.method, request.url.pathname);
      if (method?.authorizer === 'cognito' && !(await verifiedClaims())) {
        return json(401, { message: 'Unauthorized' });
      }
      // On AWS the SCIM group's {proxy+} takes the path and its handler answers a SCIM error.
      if (isScimPath(request.url.pathname)) {
        return {
          ...json(404, scimErrorBody(404, 'Not found')),
          headers: { ...apiHeaders, 'content-type': SCIM_CONTENT_TYPE },
        };
      }
      return json(404, { message: 'Not found' });
    }
    const { route, params } = matched;
    if (request.body.length > MAX_GATEWAY_BODY) return json(413, { message: 'Request body is too large' });
    let claims: Record<string, unknown> | undefined;
    if (route.auth === 'user') {
      claims = await verifiedClaims();
      if (!claims) return json(401, { message: 'Unauthorized' });
    }
    const event = apiGatewayEvent({
      route,
      method: request.method,
      path: request.url.pathname,
      params,
      query: request.url.searchParams,
      headers: request.headers,
      body: request.body,
      claims,
      sourceIp: request.sourceIp ?? '127.0.0.1',
    });
    const result = await options.handlers[route.group](event, lambdaContext(route.group));
    return {
      statusCode: result.statusCode,
      headers: { ...apiHeaders, ...lowerCased(result.headers) },
      body: result.body,
    };
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (body === 'too-large') {
      if (!matchRoute(method, url.pathname)) return sendJson(res, 404, { message: 'Not found' });
      return sendJson(res, 413, { message: 'Request body is too large' });
    }
    const answer = await dispatchApi({
      method,
      url,
      headers: singleValued(req.headers),
      body,
      sourceIp: req.socket.remoteAddress ?? undefined,
    });
    res.writeHead(answer.statusCode, answer.headers);
    res.end(answer.body);
  }

  const expectedKey = Buffer.from(options.managementKey);
  const isManagementKey = (key: string | undefined) => {
    const given = Buffer.from(key ?? '');
    return given.length === expectedKey.length && timingSafeEqual(given, expectedKey);
  };

  /** POST/DELETE/GET /@connections/{id}, as ApiGatewayManagementApiClient calls it. */
  async function handleConnections(
    req: IncomingMessage,
    res: ServerResponse,
    key: string | undefined,
    connectionId: string,
  ) {
    // Checked before the connection is looked up, so a caller without the key learns nothing.
    if (!isManagementKey(key)) {
      req.resume();
      return sendJson(res, 403, { message: 'Forbidden' });
    }
    const socket = sockets.get(decodeURIComponent(connectionId));
    if (!socket) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      return res.end(JSON.stringify({ message: 'Gone' }));
    }
    if (req.method === 'POST') {
      const body = await readBody(req);
      if (body !== 'too-large') socket.send(body.toString('utf8'));
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      socket.close();
      res.writeHead(204).end();
    } else sendJson(res, 200, { connectedAt: new Date().toISOString() });
  }

  function serveStatic(res: ServerResponse, distDir: string, pathname: string) {
    const requested = normalize(join(distDir, decodeURIComponent(pathname)));
    const isFile =
      requested.startsWith(distDir) &&
      existsSync(requested) &&
      statSync(requested).isFile() &&
      extname(requested);
    // SPA fallback, like the CloudFront function: anything that is not a file is the app.
    const file = isFile ? requested : join(distDir, 'index.html');
    if (!existsSync(file))
      return sendJson(res, 503, { message: 'The web app is not built: run npm run build:web' });
    const cache = file.includes(`${join(distDir, 'assets')}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
    res.writeHead(200, {
      ...siteHeaders,
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': cache,
    });
    res.end(readFileSync(file));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const connections = CONNECTIONS_PATH.exec(url.pathname);
    const work = async () => {
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return handleApi(req, res, url);
      if (connections) return handleConnections(req, res, connections[1], connections[2]);
      if (url.pathname === '/runtime-config.json') return sendJson(res, 200, options.runtimeConfig);
      if ('distDir' in options.spa) return serveStatic(res, options.spa.distDir, url.pathname);
      for (const [name, value] of Object.entries(siteHeaders)) res.setHeader(name, value);
      options.spa.middleware(req, res, () => sendJson(res, 404, { message: 'Not found' }));
    };
    work().catch((error) => {
      console.error('gateway error', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.end();
    });
  });

  // Clients close idle keep-alive connections first (undici after 4 s), so none reuses a socket the
  // gateway is closing at that moment (an ECONNRESET seen under load with Node's 5 s default).
  server.keepAliveTimeout = 65_000;

  const wss = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://local').pathname !== '/ws') return; // others (e.g. Vite HMR) handle theirs
    wss.handleUpgrade(req, socket, head, (ws) => void onSocket(ws, req));
  });

  const wsEvent = (routeKey: string, connectionId: string, body?: string) => ({
    requestContext: {
      routeKey,
      eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      connectionId,
      requestId: randomUUID(),
      stage: 'local',
      domainName: '127.0.0.1',
      apiId: 'local',
      connectedAt: Date.now(),
      requestTimeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  });

  async function onSocket(ws: WebSocket, _req: IncomingMessage) {
    const connectionId = `${randomUUID().replace(/-/g, '').slice(0, 14)}=`;
    const connected = await options.websocketHandler(
      wsEvent('$connect', connectionId),
      lambdaContext('websocket'),
    );
    if (connected.statusCode !== 200) return ws.close(1008, 'Forbidden');
    sockets.set(connectionId, ws);
    // Messages of one connection are handled in order, as API Gateway delivers them.
    let queue = Promise.resolve();
    ws.on('message', (data) => {
      queue = queue.then(async () => {
        await options.websocketHandler(
          wsEvent('$default', connectionId, data.toString()),
          lambdaContext('websocket'),
        );
      });
    });
    // A malformed frame (too large, invalid UTF-8, a bad opcode or close code) is this connection's
    // error: ws closes it with the right close code; the gateway and every other socket stay up.
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      sockets.delete(connectionId);
      queue = queue.then(async () => {
        await options.websocketHandler(wsEvent('$disconnect', connectionId), lambdaContext('websocket'));
      });
      disconnecting.add(queue);
      queue.finally(() => disconnecting.delete(queue));
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    server,
    invokeApi: dispatchApi,
    async close() {
      for (const ws of sockets.values()) ws.terminate();
      await new Promise((resolve) => setTimeout(resolve, 0)); // let 'close' events queue their handlers
      await Promise.allSettled([...disconnecting]);
      wss.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
