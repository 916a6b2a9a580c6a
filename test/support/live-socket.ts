/**
 * A signed-in browser session's websocket for integration tests: connected, authorized, recording
 * every message it receives, with a wait for a matching one. Close it (or register it with
 * Resources) when the test ends.
 */
import WebSocket from 'ws';
import { eventually } from './eventually';

export interface Received {
  eventName: string;
  data: any;
  scope?: { kind: string; id: string };
  /** Set on the connection of the session that caused the event only. */
  self?: boolean;
}

export async function connectLiveSocket(appUrl: string, token: string, sessionId: string) {
  const socket = new WebSocket(`${appUrl.replace('http', 'ws')}/ws`);
  const received: Received[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const waitFor = (predicate: (m: Received) => boolean, timeoutMs = 10_000) =>
    eventually(
      () => {
        const found = received.find(predicate);
        if (!found)
          throw new Error(`no matching event; received ${JSON.stringify(received.map((m) => m.eventName))}`);
        return found;
      },
      { intervalMs: 20, timeoutMs },
    );
  socket.send(JSON.stringify({ action: 'hello' }));
  await waitFor((m) => m.eventName === 'WS-CONNECTED');
  socket.send(JSON.stringify({ action: 'authorize', token, sessionId }));
  await waitFor((m) => m.eventName === 'WS-AUTHORIZED');
  return { socket, received, waitFor };
}
