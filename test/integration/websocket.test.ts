/** The local WebSocket gateway driving the real $connect/$default/$disconnect handler. */
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO } from '../../scripts/local/provision';
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
