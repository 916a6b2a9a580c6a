import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../../shared/events';
import {
  backoffDelay,
  createRealtimeClient,
  dispatchLiveEvent,
  type RealtimeClientOptions,
  type RealtimeSocket,
} from './realtime';

/** A fake browser WebSocket: records what is sent; the test opens, answers and closes it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readonly sent: Array<Record<string, unknown>> = [];
  readyState = 0;
  closed = false;
  onopen: RealtimeSocket['onopen'] = null;
  onmessage: RealtimeSocket['onmessage'] = null;
  onclose: RealtimeSocket['onclose'] = null;
  onerror: RealtimeSocket['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.closed = true;
    this.readyState = 3;
  }

  private get self() {
    return this as unknown as WebSocket;
  }

  open() {
    this.readyState = 1;
    this.onopen?.call(this.self, new Event('open'));
  }

  receive(message: unknown) {
    this.onmessage?.call(this.self, { data: JSON.stringify(message) } as MessageEvent);
  }

  /** The server or the network closes it. */
  drop() {
    this.readyState = 3;
    this.onerror?.call(this.self, new Event('error'));
    this.onclose?.call(this.self, { code: 1006 } as CloseEvent);
  }

  actions() {
    return this.sent.map((message) => message.action);
  }
}

const SESSION = 'session-of-this-page';
const latest = () => FakeSocket.instances[FakeSocket.instances.length - 1];
/** Let the async token getter settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const events: LiveEvent[] = [];
  let tokenCount = 0;
  const getToken = vi.fn(async () => `token-${++tokenCount}`);
  const client = createRealtimeClient({
    url: () => 'ws://app.test/ws',
    WebSocketImpl: FakeSocket,
    getToken,
    sessionId: SESSION,
    onEvent: (event) => events.push(event),
    random: () => 1, // no jitter: the full backoff delay
    ...overrides,
  });
  return { client, events, getToken };
}

/** Open the latest socket and run the handshake up to WS-AUTHORIZED. */
async function handshake(socket = latest()) {
  socket.open();
  socket.receive({ eventName: 'WS-CONNECTED', data: {} });
  await settle();
  socket.receive({ eventName: 'WS-AUTHORIZED', data: { userId: 'u1' } });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('realtime protocol', () => {
  it('sends hello on open, and authorize with the ID token and session id only after WS-CONNECTED', async () => {
    const { client, getToken } = setup();
    client.start();
    expect(FakeSocket.instances).toHaveLength(1);
    const socket = latest();
    expect(socket.url).toBe('ws://app.test/ws');
    expect(socket.sent).toEqual([]);

    socket.open();
    expect(socket.sent).toEqual([{ action: 'hello' }]);
    await settle();
    expect(getToken).not.toHaveBeenCalled();

    socket.receive({ eventName: 'WS-CONNECTED', data: {} });
    await settle();
    expect(socket.sent).toEqual([
      { action: 'hello' },
      { action: 'authorize', token: 'token-1', sessionId: SESSION },
    ]);
    expect(client.status).toBe('authorizing');

    socket.receive({ eventName: 'WS-AUTHORIZED', data: { userId: 'u1' } });
    expect(client.status).toBe('authorized');
    client.stop();
  });

  it('delivers live events, ignores those of its own session and unknown messages', async () => {
    const { client, events } = setup();
    client.start();
    await handshake();
    const socket = latest();
    const base = { data: { title: 'Hi' }, scope: { kind: 'user', id: 'u1' } };
    socket.receive({ eventName: 'NOTIFICATION_CREATED', ...base, sessionId: SESSION });
    socket.receive({ eventName: 'NOTIFICATION_CREATED', ...base, sessionId: 'another-tab' });
    socket.receive({ eventName: 'USER_UPDATED', ...base, sessionId: null });
    socket.receive({ eventName: 'WS-PONG', data: {} });
    socket.receive({ eventName: 'SOMETHING_NEW', ...base, sessionId: null });
    socket.onmessage?.call(socket as unknown as WebSocket, { data: 'not json' } as MessageEvent);
    expect(events.map((e) => [e.eventName, e.sessionId])).toEqual([
      ['NOTIFICATION_CREATED', 'another-tab'],
      ['USER_UPDATED', null],
    ]);
    client.stop();
  });

  it('reconnects after a drop with doubling backoff, re-authorizing with a fresh token', async () => {
    const { client, getToken } = setup();
    client.start();
    await handshake();
    expect(getToken).toHaveBeenCalledTimes(1);

    // Drop 1: 500 ms, then the new connection also fails before authorizing: 1000 ms, then 2000 ms.
    latest().drop();
    expect(client.status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(2);

    latest().drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(3);

    latest().drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.instances).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.instances).toHaveLength(4);

    // This one authorizes with a token read again; the backoff starts over after it.
    await handshake();
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(latest().sent[1]).toEqual({ action: 'authorize', token: 'token-2', sessionId: SESSION });
    latest().drop();
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.instances).toHaveLength(5);
    client.stop();
  });

  it('caps the backoff at 30 s and jitters between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, () => 1))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(100, () => 1)).toBe(30_000);
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
  });

  it('after WS-UNAUTHORIZED drops the connection and retries with a force-refreshed token', async () => {
    const { client, getToken } = setup();
    client.start();
    const first = latest();
    first.open();
    first.receive({ eventName: 'WS-CONNECTED', data: {} });
    await settle();
    first.receive({ eventName: 'WS-UNAUTHORIZED', data: {} });
    expect(first.closed).toBe(true);
    expect(getToken).toHaveBeenLastCalledWith({ forceRefresh: false });

    await vi.advanceTimersByTimeAsync(500);
    await handshake();
    expect(getToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(client.status).toBe('authorized');
    client.stop();
  });

  it('drops a connection that does not authorize in time, and one without a token', async () => {
    const { client } = setup({ handshakeTimeoutMs: 1000, getToken: async () => undefined });
    client.start();
    latest().open();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.instances[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.instances).toHaveLength(2);

    latest().open();
    latest().receive({ eventName: 'WS-CONNECTED', data: {} });
    await settle();
    expect(latest().closed).toBe(true);
    expect(latest().actions()).toEqual(['hello']);
    expect(client.status).toBe('waiting');
    client.stop();
  });

  it('pings while authorized so an idle connection stays open', async () => {
    const { client } = setup({ heartbeatMs: 60_000 });
    client.start();
    await handshake();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(latest().actions()).toEqual(['hello', 'authorize', 'ping', 'ping']);
    client.stop();
  });

  it('stop closes the socket and never reconnects; start connects again', async () => {
    const { client } = setup();
    client.start();
    await handshake();
    const socket = latest();
    client.stop();
    expect(socket.closed).toBe(true);
    expect(client.status).toBe('stopped');
    socket.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(1);

    // Stopping while waiting to reconnect cancels the reconnect too.
    client.start();
    expect(FakeSocket.instances).toHaveLength(2);
    latest().drop();
    client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('reconnectNow skips the remaining backoff', async () => {
    const { client } = setup();
    client.start();
    latest().drop();
    latest(); // still the first socket
    client.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(2);
    client.stop();
  });
});

describe('live event dispatch', () => {
  function context() {
    const invalidated: Array<readonly unknown[]> = [];
    const keys: Array<readonly unknown[]> = [
      ['notifications', 'list', 'unread'],
      ['notifications', 'dashboard'],
      ['team', 'members', 'all'],
      ['team', 'roles'],
      ['members'],
      ['roles'],
      ['groups'],
      ['user', 'me'],
      ['user', 'status'],
      ['auth', 'session'],
      ['activity', 90],
    ];
    const queryClient = {
      invalidateQueries: vi.fn(
        async (filters?: { predicate?: (q: { queryKey: readonly unknown[] }) => boolean }) => {
          for (const queryKey of keys) if (filters?.predicate?.({ queryKey })) invalidated.push(queryKey);
        },
      ),
    };
    const toast = vi.fn();
    const navigate = vi.fn();
    return { ctx: { queryClient, toast, navigate }, invalidated, toast, navigate };
  }

  const event = (eventName: LiveEvent['eventName'], data: unknown): LiveEvent => ({
    eventName,
    data,
    scope: { kind: 'user', id: 'u1' },
    sessionId: null,
  });

  it('NOTIFICATION_CREATED shows a toast that goes to the link path, and refreshes notifications', () => {
    const { ctx, invalidated, toast, navigate } = context();
    dispatchLiveEvent(
      event('NOTIFICATION_CREATED', {
        notificationId: 'n1',
        causedByUserId: 'u2',
        title: 'Ada mentioned you',
        linkReferencePath: '/Projects/p1/q1',
      }),
      ctx,
    );
    expect(invalidated).toEqual([
      ['notifications', 'list', 'unread'],
      ['notifications', 'dashboard'],
    ]);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast.mock.calls[0][0]).toBe('Ada mentioned you');
    expect(navigate).not.toHaveBeenCalled();
    toast.mock.calls[0][1].onClick();
    expect(navigate).toHaveBeenCalledWith('/Projects/p1/q1');
  });

  it('does not follow a link that leaves the app', () => {
    const { ctx, toast } = context();
    dispatchLiveEvent(
      event('NOTIFICATION_CREATED', { title: 'Hi', linkReferencePath: 'https://evil.example' }),
      ctx,
    );
    expect(toast.mock.calls[0][1].onClick).toBeUndefined();
  });

  it.each(['TEAM_MEMBER_UPDATED', 'USER_UPDATED'] as const)(
    '%s refreshes the team, members, roles, groups and user queries',
    (eventName) => {
      const { ctx, invalidated, toast } = context();
      dispatchLiveEvent(event(eventName, { userId: 'u2' }), ctx);
      expect(invalidated).toEqual([
        ['team', 'members', 'all'],
        ['team', 'roles'],
        ['members'],
        ['roles'],
        ['groups'],
        ['user', 'me'],
        ['user', 'status'],
      ]);
      expect(toast).not.toHaveBeenCalled();
    },
  );
});
