/**
 * Live updates over the websocket (spec 000 §2.6, §4, §7.5) for signed-in team members.
 *
 * Protocol (functions/websocket/handler.ts): open the socket, send {action:'hello'}; the server
 * replies WS-CONNECTED; send {action:'authorize', token, sessionId} with the Cognito ID token and
 * this page's session id (the one the API client sends); the server replies WS-AUTHORIZED (or
 * WS-UNAUTHORIZED). Afterwards live events `{eventName, data, scope, sessionId}` arrive; those
 * caused by this page's own session are ignored.
 *
 * After a drop the client reconnects with exponential backoff (0.5 s doubling to 30 s, jittered),
 * reset once a connection is authorized, and authorizes again with a freshly read token. It sends a
 * ping every few minutes so an idle connection is not closed by the gateway, and closes on sign-out.
 *
 * The protocol (createRealtimeClient) and the dispatch (dispatchLiveEvent) are plain functions with
 * injected dependencies, so they are tested without a browser; RealtimeConnection wires them up.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  EVENT_NAMES,
  type EventName,
  type LiveEvent,
  type NotificationCreatedData,
  WS_AUTHORIZED,
  WS_CONNECTED,
  WS_UNAUTHORIZED,
} from '../../../shared/events';
import { getSessionId } from './api-client';
import { notifyInfo } from './notify';
import { websocketUrl } from './runtime-config';

/** The part of the browser WebSocket the client uses (tests inject a fake constructor). */
export type RealtimeSocket = Pick<
  WebSocket,
  'send' | 'close' | 'readyState' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'
>;
export type WebSocketConstructor = new (url: string) => RealtimeSocket;

export type RealtimeStatus = 'stopped' | 'connecting' | 'authorizing' | 'authorized' | 'waiting';

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
  /** This page's session id: sent when authorizing; events carrying it are ignored. */
  sessionId: string;
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
  readonly status: RealtimeStatus;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEventName = (value: unknown): value is EventName =>
  typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);

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

function toLiveEvent(message: Record<string, unknown>): LiveEvent | null {
  if (!isEventName(message.eventName)) return null;
  return {
    eventName: message.eventName,
    data: message.data,
    scope: message.scope as LiveEvent['scope'],
    sessionId: typeof message.sessionId === 'string' ? message.sessionId : null,
  };
}

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

  const send = (ws: RealtimeSocket, message: unknown) => {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // Not open any more: its close event schedules the reconnect.
    }
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
      default: {
        const event = toLiveEvent(message);
        if (!event) return; // WS-PONG, WS-ERROR and event names this client does not know
        if (event.sessionId !== null && event.sessionId === options.sessionId) return;
        try {
          options.onEvent(event);
        } catch (error) {
          console.error('Live event handler failed', error);
        }
      }
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
  };
}

/** Query-key roots refreshed when a member or user changes (queries owned by other features). */
export const TEAM_QUERY_ROOTS: readonly string[] = ['team', 'members', 'roles', 'groups', 'user'];
/** Query-key root of every notifications query (the notifications screen and the dashboard). */
export const NOTIFICATIONS_QUERY_ROOT = 'notifications';

/** Only in-app paths are followed from an event (never `//host`, a full URL or `javascript:`). */
export const isAppPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export interface LiveEventContext {
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  /** Show a toast; `onClick` runs when it is clicked. */
  toast: (message: string, options: { onClick?: () => void }) => void;
  navigate: (path: string) => void;
}

const hasRoot = (roots: readonly string[]) => (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && roots.includes(query.queryKey[0]);

/** React to one live event: toasts and query invalidation by key root, so features stay decoupled. */
export function dispatchLiveEvent(event: LiveEvent, context: LiveEventContext): void {
  switch (event.eventName) {
    case 'NOTIFICATION_CREATED': {
      const data = (isRecord(event.data) ? event.data : {}) as Partial<NotificationCreatedData>;
      void context.queryClient.invalidateQueries({ predicate: hasRoot([NOTIFICATIONS_QUERY_ROOT]) });
      if (typeof data.title === 'string' && data.title) {
        const link = data.linkReferencePath;
        context.toast(data.title, { onClick: isAppPath(link) ? () => context.navigate(link) : undefined });
      }
      return;
    }
    case 'TEAM_MEMBER_UPDATED':
    case 'USER_UPDATED':
      void context.queryClient.invalidateQueries({ predicate: hasRoot(TEAM_QUERY_ROOTS) });
      return;
  }
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

/**
 * Keeps the live connection open while mounted (the layout mounts it for team members only):
 * closes on unmount and on sign-out, reconnects at once when the browser comes back online.
 */
export function RealtimeConnection(): null {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const client = createRealtimeClient({
      url: () => websocketUrl(),
      WebSocketImpl: WebSocket,
      getToken: currentIdToken,
      sessionId: getSessionId(),
      onEvent: (event) =>
        dispatchLiveEvent(event, {
          queryClient,
          toast: (message, { onClick }) => notifyInfo(message, { onClick }),
          navigate: (path) => navigateRef.current(path),
        }),
    });
    // Started on the next tick: a mount that is undone at once (StrictMode) opens no socket.
    const startTimer = setTimeout(() => client.start(), 0);
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedOut') client.stop();
    });
    const onOnline = () => client.reconnectNow();
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(startTimer);
      stopListening();
      window.removeEventListener('online', onOnline);
      client.stop();
    };
  }, [queryClient]);

  return null;
}
