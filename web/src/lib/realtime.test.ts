import type { LiveEvent } from '@shared/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveEventDispatch } from './live-events';
import {
  backoffDelay,
  createRealtimeClient,
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

  it('delivers catalogue events, skips those marked self, ignores invalid and unknown messages', async () => {
    const { client, events } = setup();
    client.start();
    await handshake();
    const socket = latest();
    const notification = {
      eventName: 'NOTIFICATION_CREATED',
      data: { notificationId: 'n1', causedByUserId: 'u2', title: 'Hi', linkReferencePath: '/' },
      scope: { kind: 'user', id: 'u1' },
    };
    const userUpdated = {
      eventName: 'USER_UPDATED',
      data: { userId: 'u2' },
      scope: { kind: 'team', id: 't1' },
    };
    // Caused by this page's session: the server marked it for this connection only.
    socket.receive({ ...notification, self: true });
    socket.receive(notification);
    socket.receive({ ...userUpdated, self: false });
    // Control replies, unknown names and events whose data does not match the catalogue.
    socket.receive({ eventName: 'WS-PONG', data: {} });
    socket.receive({ eventName: 'WS-SUBSCRIBED', data: { scope: { kind: 'project', id: 'p1' } } });
    socket.receive({ eventName: 'SOMETHING_NEW', data: {}, scope: { kind: 'user', id: 'u1' } });
    socket.receive({ ...notification, data: { title: 'No ids' } });
    socket.receive({ ...userUpdated, scope: { kind: 'galaxy', id: 'g1' } });
    socket.receive({ ...userUpdated, scope: undefined });
    socket.receive({ ...userUpdated, self: 'yes' });
    socket.receive(['NOTIFICATION_CREATED']);
    socket.onmessage?.call(socket as unknown as WebSocket, { data: 'not json' } as MessageEvent);
    expect(events).toEqual([notification, { ...userUpdated, self: false }]);
    client.stop();
  });

  it('keeps delivering after a handler throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    const { client } = setup({
      onEvent: (event) => {
        seen.push(event.eventName);
        throw new Error('handler bug');
      },
    });
    client.start();
    await handshake();
    const event = { eventName: 'USER_UPDATED', data: { userId: 'u2' }, scope: { kind: 'team', id: 't1' } };
    latest().receive(event);
    latest().receive(event);
    expect(seen).toEqual(['USER_UPDATED', 'USER_UPDATED']);
    expect(client.status).toBe('authorized');
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

describe('project subscriptions', () => {
  const P1 = { kind: 'project', id: 'p1' } as const;
  const P2 = { kind: 'project', id: 'p2' } as const;
  const scopeMessages = (socket = latest()) =>
    socket.sent.filter((m) => m.action === 'subscribe' || m.action === 'unsubscribe');

  it('sends a subscription made before authorizing once authorized, and one made after at once', async () => {
    const { client } = setup();
    client.subscribe(P1);
    client.start();
    latest().open();
    latest().receive({ eventName: 'WS-CONNECTED', data: {} });
    await settle();
    expect(scopeMessages()).toEqual([]);
    latest().receive({ eventName: 'WS-AUTHORIZED', data: { userId: 'u1' } });
    expect(scopeMessages()).toEqual([{ action: 'subscribe', scope: P1 }]);

    client.subscribe(P2);
    expect(scopeMessages()).toEqual([
      { action: 'subscribe', scope: P1 },
      { action: 'subscribe', scope: P2 },
    ]);
    expect(latest().actions()).toEqual(['hello', 'authorize', 'subscribe', 'subscribe']);
    client.stop();
  });

  it('counts subscribers: only the last unsubscribe leaves the scope', async () => {
    const { client } = setup();
    client.start();
    await handshake();
    client.subscribe(P1);
    client.subscribe({ ...P1 });
    expect(scopeMessages()).toEqual([{ action: 'subscribe', scope: P1 }]);
    client.unsubscribe(P1);
    expect(scopeMessages()).toHaveLength(1);
    client.unsubscribe(P1);
    expect(scopeMessages()).toEqual([
      { action: 'subscribe', scope: P1 },
      { action: 'unsubscribe', scope: P1 },
    ]);
    // Unsubscribing what is not held sends nothing.
    client.unsubscribe(P1);
    client.unsubscribe(P2);
    expect(scopeMessages()).toHaveLength(2);
    client.stop();
  });

  it('re-sends every current subscription after each reconnect, and none that was left', async () => {
    const { client } = setup();
    client.start();
    await handshake();
    client.subscribe(P1);
    client.subscribe(P2);
    client.unsubscribe(P2);

    // Dropped: nothing is sent while waiting; a subscription made meanwhile joins on the next one.
    latest().drop();
    const P3 = { kind: 'project', id: 'p3' } as const;
    client.subscribe(P3);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.instances).toHaveLength(2);
    await handshake();
    expect(scopeMessages()).toEqual([
      { action: 'subscribe', scope: P1 },
      { action: 'subscribe', scope: P3 },
    ]);

    // Again after WS-UNAUTHORIZED and a fresh token.
    const second = latest();
    client.unsubscribe(P3);
    expect(scopeMessages(second).at(-1)).toEqual({ action: 'unsubscribe', scope: P3 });
    second.drop();
    await vi.advanceTimersByTimeAsync(500);
    latest().open();
    latest().receive({ eventName: 'WS-CONNECTED', data: {} });
    await settle();
    latest().receive({ eventName: 'WS-UNAUTHORIZED', data: {} });
    expect(scopeMessages()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    await handshake();
    expect(scopeMessages()).toEqual([{ action: 'subscribe', scope: P1 }]);
    client.stop();
  });

  it('keeps its subscriptions across stop and start', async () => {
    const { client } = setup();
    client.subscribe(P1);
    client.start();
    await handshake();
    client.stop();
    client.start();
    await handshake();
    expect(scopeMessages()).toEqual([{ action: 'subscribe', scope: P1 }]);
    client.stop();
  });

  it('ignores a scope the protocol does not allow', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client } = setup();
    client.start();
    await handshake();
    client.subscribe({ kind: 'project', id: '' });
    client.subscribe({ kind: 'team', id: 't1' } as unknown as typeof P1);
    expect(scopeMessages()).toEqual([]);
    client.stop();
  });

  it('a refused subscription is not an event', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, events } = setup();
    client.subscribe(P1);
    client.start();
    await handshake();
    latest().receive({ eventName: 'WS-SUBSCRIBE-REFUSED', data: { scope: P1 } });
    expect(events).toEqual([]);
    expect(client.status).toBe('authorized');
    client.stop();
  });
});

describe('live event registry', () => {
  const context = () => ({
    queryClient: { invalidateQueries: vi.fn(async () => {}) },
    toast: vi.fn(),
    navigate: vi.fn(),
  });
  const userUpdated: LiveEvent = {
    eventName: 'USER_UPDATED',
    data: { userId: 'u2' },
    scope: { kind: 'team', id: 't1' },
  };
  const memberUpdated: LiveEvent = {
    eventName: 'TEAM_MEMBER_UPDATED',
    data: { membershipId: 'm1' },
    scope: { kind: 'team', id: 't1' },
  };

  it("calls every registration's handler for the event, in order, and no other", () => {
    const calls: string[] = [];
    const ctx = context();
    const dispatch = createLiveEventDispatch([
      {
        USER_UPDATED: (event, c) => {
          calls.push(`first ${event.data.userId}`);
          expect(c).toBe(ctx);
        },
      },
      { TEAM_MEMBER_UPDATED: (event) => calls.push(`second ${event.data.membershipId}`) },
      {
        USER_UPDATED: () => calls.push('third'),
        TEAM_MEMBER_UPDATED: () => calls.push('third'),
      },
    ]);
    dispatch(userUpdated, ctx);
    expect(calls).toEqual(['first u2', 'third']);
    calls.length = 0;
    dispatch(memberUpdated, ctx);
    expect(calls).toEqual(['second m1', 'third']);
    calls.length = 0;
    dispatch(
      {
        eventName: 'NOTIFICATION_CREATED',
        data: { notificationId: 'n1', causedByUserId: 'u2', title: 'Hi', linkReferencePath: '/' },
        scope: { kind: 'user', id: 'u1' },
      },
      ctx,
    );
    expect(calls).toEqual([]);
  });

  it('a failing handler (thrown or rejected) does not stop the others', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: string[] = [];
    const dispatch = createLiveEventDispatch([
      {
        USER_UPDATED: () => {
          throw new Error('sync bug');
        },
      },
      { USER_UPDATED: async () => Promise.reject(new Error('async bug')) },
      { USER_UPDATED: () => calls.push('last') },
    ]);
    dispatch(userUpdated, context());
    await settle();
    expect(calls).toEqual(['last']);
    expect(errors).toHaveBeenCalledTimes(2);
  });
});
