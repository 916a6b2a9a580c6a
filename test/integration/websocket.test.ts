/** The local WebSocket gateway driving the real $connect/$default/$disconnect handler. */
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO } from '../../scripts/local/provision';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

let stack: TestStack;
const resources = new Resources();
beforeAll(async () => {
  stack = await resources.start(startTestStack(), (s) => s.stop());
});
afterAll(() => resources.stopAll());

function open() {
  const socket = new WebSocket(`${stack.appUrl.replace('http', 'ws')}/ws`);
  const received: Array<{ eventName: string; data: unknown }> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    received.push(JSON.parse(raw.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async (eventName: string) => {
    for (;;) {
      const found = received.find((m) => m.eventName === eventName);
      if (found) return found;
      await new Promise<void>((resolve, reject) => {
        waiters.push(resolve);
        setTimeout(() => reject(new Error(`no ${eventName}`)), 5000);
      });
    }
  };
  return { socket, next, ready: new Promise((resolve) => socket.once('open', resolve)) };
}

describe('websocket', () => {
  it('replies WS-CONNECTED, then binds the connection once the token verifies', async () => {
    const client = open();
    await client.ready;
    client.socket.send(JSON.stringify({ action: 'hello' }));
    await client.next('WS-CONNECTED');
    client.socket.send(JSON.stringify({ action: 'authorize', token: 'not-a-token' }));
    await client.next('WS-UNAUTHORIZED');
    client.socket.send(
      JSON.stringify({ action: 'authorize', token: await stack.signIn(DEMO.email, DEMO.password) }),
    );
    const authorized = await client.next('WS-AUTHORIZED');
    expect(authorized.data).toMatchObject({ userId: expect.any(String) });
    client.socket.close();
  });

  it('answers postToConnection through the local @connections endpoint, and Gone for a closed connection', async () => {
    const management = new ApiGatewayManagementApiClient({ endpoint: stack.env.WEBSOCKET_CALLBACK_URL });
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: 'missing=', Data: Buffer.from('{}') })),
    ).rejects.toBeInstanceOf(GoneException);
  });

  it('refuses a post to @connections from anyone but the runtime (issue 25, finding 12)', async () => {
    // Prepare: a signed-in session's socket and its connection id, as a forger who learnt it would have.
    const sessionId = `victim-${Date.now().toString(36)}`;
    const victim = await connectLiveSocket(
      stack.appUrl,
      await stack.signIn(DEMO.email, DEMO.password),
      sessionId,
    );
    const { db } = await import('../../functions/common/entities');
    const { data: connections } = await db()
      .entities.connection.scan.where(({ sessionId: session }, { eq }) => eq(session, sessionId))
      .go({ pages: 'all' });
    expect(connections).toHaveLength(1);
    const { connectionId } = connections[0];
    const forged = JSON.stringify({ eventName: 'NOTIFICATION_CREATED', data: { message: 'Forged' } });
    const runtimeEndpoint = new URL(stack.env.WEBSOCKET_CALLBACK_URL);

    // Act: without the runtime's key, with a wrong one, and through the runtime's own client.
    const post = (path: string) =>
      fetch(`${stack.appUrl}${path}/@connections/${encodeURIComponent(connectionId)}`, {
        method: 'POST',
        body: forged,
      });
    const unkeyed = await post('');
    const wrongKey = await post('/_runtime/not-the-key');
    const closeUnkeyed = await fetch(`${stack.appUrl}/@connections/${encodeURIComponent(connectionId)}`, {
      method: 'DELETE',
    });
    await new ApiGatewayManagementApiClient({ endpoint: stack.env.WEBSOCKET_CALLBACK_URL }).send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: Buffer.from(JSON.stringify({ eventName: 'RUNTIME-MARK', data: {} })),
      }),
    );

    // Assess: refused before the connection is even looked up; the runtime's post arrives, and
    // nothing forged arrived before it (one socket delivers in order).
    expect([unkeyed.status, wrongKey.status, closeUnkeyed.status]).toEqual([403, 403, 403]);
    expect(runtimeEndpoint.origin).toBe(stack.appUrl);
    expect(runtimeEndpoint.pathname).toMatch(/^\/_runtime\/[\w-]{32}$/);
    await victim.waitFor((m) => m.eventName === 'RUNTIME-MARK');
    expect(victim.received.map((m) => m.eventName)).not.toContain('NOTIFICATION_CREATED');
    expect(victim.socket.readyState).toBe(WebSocket.OPEN);
    victim.socket.close();
  });

  it('reports a malformed message without dropping the connection', async () => {
    const client = open();
    await client.ready;
    client.socket.send('not json');
    await client.next('WS-ERROR');
    client.socket.send(JSON.stringify({ action: 'ping' }));
    await client.next('WS-PONG');
    client.socket.close();
  });
});

describe('websocket robustness', () => {
  it('closes only the connection that sent a malformed frame; the gateway stays up', async () => {
    // Prepare
    const bad = open();
    await bad.ready;
    const closed = new Promise<number>((resolve) => bad.socket.once('close', (code) => resolve(code)));
    // Act: a text frame over the gateway's 128 KB limit.
    bad.socket.send('x'.repeat(129 * 1024));
    // Assess
    expect(await closed).toBe(1009);
    const good = open();
    await good.ready;
    good.socket.send(JSON.stringify({ action: 'hello' }));
    expect((await good.next('WS-CONNECTED')).eventName).toBe('WS-CONNECTED');
    good.socket.close();
    const health = await fetch(`${stack.appUrl}/api/health`);
    expect(health.status).toBe(200);
  });
});
