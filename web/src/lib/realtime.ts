/**
 * Live updates over the websocket (spec 000 §2.6, §4, §7.5) for signed-in team members.
 *
 * Protocol (functions/websocket/handler.ts, messages in shared/events.ts): open the socket, send
 * {action:'hello'}; the server replies WS-CONNECTED; send {action:'authorize', token, sessionId}
 * with the Cognito ID token and this page's session id (the one the API client sends); the server
 * replies WS-AUTHORIZED (or WS-UNAUTHORIZED). Afterwards live events `{eventName, data, scope}`
 * arrive, each parsed against the catalogue (anything else is ignored). The server marks `self: true`
 * the events caused by this page's own session (the session id is never sent to anyone else); they
 * are skipped here, since this page already shows their effect.
 *
 * Project scopes: `subscribe({kind:'project', id})` joins a project's events while its screens are
 * open (the server checks the user may see it, replying WS-SUBSCRIBED or WS-SUBSCRIBE-REFUSED) and
 * `unsubscribe` leaves it. The server forgets them with the connection, so every current one is sent
 * again after each authorize (a new connection, or the same page after a drop).
 *
 * After a drop the client reconnects with exponential backoff (0.5 s doubling to 30 s, jittered),
 * reset once a connection is authorized, and authorizes again with a freshly read token. It sends a
 * ping every few minutes so an idle connection is not closed by the gateway, and closes on sign-out.
 *
 * createRealtimeClient is plain code with injected dependencies, so it is tested without a browser;
 * the React side (provider, useLiveScope) is in realtime-connection.tsx.
 */
import {
  ClientMessage,
  LiveEvent,
  WS_AUTHORIZED,
  WS_CONNECTED,
  WS_SUBSCRIBE_REFUSED,
  WS_UNAUTHORIZED,
} from '@shared/events';
import { fetchAuthSession } from 'aws-amplify/auth';

/** The part of the browser WebSocket the client uses (tests inject a fake constructor). */
export type RealtimeSocket = Pick<
  WebSocket,
  'send' | 'close' | 'readyState' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'
>;
export type WebSocketConstructor = new (url: string) => RealtimeSocket;

export type RealtimeStatus = 'stopped' | 'connecting' | 'authorizing' | 'authorized' | 'waiting';

/** A scope a connection joins on request: a project, while its screens are open. */
export type LiveScope = Extract<ClientMessage, { action: 'subscribe' }>['scope'];

export interface BackoffOptions {
  /** Base delay before the first reconnect. */
  initialMs: number;
  /** The delay doubles per failed attempt up to this cap. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 30_000 };
/** No WS-AUTHORIZED this long after opening: the connection is dropped and tried again. */
export const HANDSHAKE_TIMEOUT_MS = 15_000;
/** API Gateway closes websocket connections idle for 10 minutes; ping well before that. */
export const HEARTBEAT_MS = 5 * 60_000;

/**
 * The pause before reconnect attempt `attempt` (0-based): min(max, initial × 2^attempt), with
 * "equal jitter" (between half and all of it) so many tabs dropped together do not return together.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  { initialMs, maxMs }: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + (base / 2) * random());
}

export interface RealtimeClientOptions {
  /** The websocket URL, read on every connect. */
  url: () => string;
  WebSocketImpl: WebSocketConstructor;
  /** The current Cognito ID token, read on every authorize; forceRefresh after WS-UNAUTHORIZED. */
  getToken: (options: { forceRefresh: boolean }) => Promise<string | undefined>;
  /** This page's session id, sent when authorizing: the server marks this session's events `self`. */
  sessionId: string;
  /** Every live event of the catalogue not caused by this page's session. */
  onEvent: (event: LiveEvent) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** Jitter source, [0, 1). */
  random?: () => number;
  backoff?: BackoffOptions;
  handshakeTimeoutMs?: number;
  heartbeatMs?: number;
}

export interface RealtimeClient {
  /** Connect (no-op when already running). */
  start(): void;
  /** Close the connection and stop reconnecting (sign-out, unmount). */
  stop(): void;
  /** While waiting to reconnect, connect now (e.g. the browser came back online). */
  reconnectNow(): void;
  /**
   * Join a scope's events: sent at once when authorized, otherwise after the next authorize, and
   * again after every reconnect. Counted: the scope is left when every subscriber has unsubscribed.
   */
  subscribe(scope: LiveScope): void;
  /** Undo one subscribe of the scope; the last one sends the unsubscribe message. */
  unsubscribe(scope: LiveScope): void;
  readonly status: RealtimeStatus;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A websocket message as { eventName, ... }, or null when it is not JSON of that shape. */
function parseMessage(raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== 'string') return null;
  try {
    const message: unknown = JSON.parse(raw);
    return isRecord(message) && typeof message.eventName === 'string' ? message : null;
  } catch {
    return null;
  }
}

const scopeKey = (scope: LiveScope) => `${scope.kind}:${scope.id}`;

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;

  let status: RealtimeStatus = 'stopped';
  let socket: RealtimeSocket | null = null;
  let attempt = 0;
  let forceRefresh = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let handshakeTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  /** The scopes subscribed to, with how many subscribers each has; kept across connections. */
  const scopes = new Map<string, { scope: LiveScope; count: number }>();

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const clearConnectionTimers = () => {
    clearTimeout(handshakeTimer);
    clearInterval(heartbeatTimer);
    handshakeTimer = undefined;
    heartbeatTimer = undefined;
  };

  const send = (ws: RealtimeSocket, message: ClientMessage) => {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // Not open any more: its close event schedules the reconnect.
    }
  };

  /** Send a scope message on the current connection, if it is authorized (else sent on authorize). */
  const sendScope = (action: 'subscribe' | 'unsubscribe', scope: LiveScope) => {
    if (socket && status === 'authorized') send(socket, { action, scope });
  };

  const scheduleReconnect = () => {
    if (status === 'stopped') return;
    clearTimeout(reconnectTimer);
    const delay = backoffDelay(attempt, random, backoff);
    attempt += 1;
    setStatus('waiting');
    reconnectTimer = setTimeout(connect, delay);
  };

  /** Give up on this socket (handshake timeout, refused token) and try again later. */
  const drop = (ws: RealtimeSocket) => {
    if (socket !== ws) return;
    socket = null;
    clearConnectionTimers();
    try {
      ws.close();
    } catch {
      // Already closing.
    }
    scheduleReconnect();
  };

  const authorize = async (ws: RealtimeSocket) => {
    setStatus('authorizing');
    let token: string | undefined;
    try {
      token = await options.getToken({ forceRefresh });
    } catch {
      token = undefined;
    }
    if (socket !== ws) return;
    if (!token) {
      drop(ws);
      return;
    }
    send(ws, { action: 'authorize', token, sessionId: options.sessionId });
  };

  const onAuthorized = (ws: RealtimeSocket) => {
    attempt = 0;
    forceRefresh = false;
    clearConnectionTimers();
    heartbeatTimer = setInterval(() => send(ws, { action: 'ping' }), heartbeatMs);
    setStatus('authorized');
    // A new connection has no scopes of its own yet: join every one still subscribed to.
    for (const { scope } of scopes.values()) send(ws, { action: 'subscribe', scope });
  };

  const onLiveEvent = (message: Record<string, unknown>) => {
    const parsed = LiveEvent.safeParse(message);
    // WS-PONG, WS-SUBSCRIBED, WS-ERROR, names this client does not know and malformed events.
    if (!parsed.success) return;
    // Caused by this page's own session: its effect is already on screen.
    if (parsed.data.self === true) return;
    try {
      options.onEvent(parsed.data);
    } catch (error) {
      console.error('Live event handler failed', error);
    }
  };

  const onMessage = (ws: RealtimeSocket, raw: unknown) => {
    const message = parseMessage(raw);
    if (!message) return;
    switch (message.eventName) {
      case WS_CONNECTED:
        void authorize(ws);
        return;
      case WS_AUTHORIZED:
        onAuthorized(ws);
        return;
      case WS_UNAUTHORIZED:
        forceRefresh = true;
        drop(ws);
        return;
      case WS_SUBSCRIBE_REFUSED:
        // Not found or not visible to this user: the screen shows that from its own API calls.
        console.warn('Live updates refused for a scope', message.data);
        return;
      default:
        onLiveEvent(message);
    }
  };

  function connect() {
    reconnectTimer = undefined;
    if (status === 'stopped') return;
    let ws: RealtimeSocket;
    try {
      ws = new options.WebSocketImpl(options.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    setStatus('connecting');
    handshakeTimer = setTimeout(() => drop(ws), handshakeTimeoutMs);
    ws.onopen = () => {
      if (socket === ws) send(ws, { action: 'hello' });
    };
    ws.onmessage = (event) => {
      if (socket === ws) onMessage(ws, event.data);
    };
    ws.onerror = () => {
      // A close event follows; the reconnect is scheduled there.
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      clearConnectionTimers();
      scheduleReconnect();
    };
  }

  return {
    get status() {
      return status;
    },
    start() {
      if (status !== 'stopped') return;
      attempt = 0;
      forceRefresh = false;
      setStatus('connecting');
      connect();
    },
    stop() {
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      clearConnectionTimers();
      setStatus('stopped');
      const ws = socket;
      socket = null;
      if (!ws) return;
      ws.onopen = null;
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
      try {
        ws.close(1000, 'Closed by the client');
      } catch {
        // Already closed.
      }
    },
    reconnectNow() {
      if (status !== 'waiting') return;
      clearTimeout(reconnectTimer);
      connect();
    },
    subscribe(scope) {
      const valid = ClientMessage.safeParse({ action: 'subscribe', scope });
      if (!valid.success || valid.data.action !== 'subscribe') {
        console.warn('Not a scope live updates can subscribe to', scope);
        return;
      }
      const key = scopeKey(valid.data.scope);
      const entry = scopes.get(key);
      if (entry) {
        entry.count += 1;
        return;
      }
      scopes.set(key, { scope: valid.data.scope, count: 1 });
      sendScope('subscribe', valid.data.scope);
    },
    unsubscribe(scope) {
      const key = scopeKey(scope);
      const entry = scopes.get(key);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count > 0) return;
      scopes.delete(key);
      sendScope('unsubscribe', entry.scope);
    },
  };
}

/** The current Cognito ID token (Amplify refreshes an expired one), or undefined when signed out. */
export async function currentIdToken({
  forceRefresh,
}: {
  forceRefresh: boolean;
}): Promise<string | undefined> {
  const session = await fetchAuthSession({ forceRefresh });
  return session.tokens?.idToken?.toString();
}
