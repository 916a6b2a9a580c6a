/**
 * Websocket clients for the fan-out benchmark, in their own process (as browsers would be).
 * Usage: tsx scripts/bench/ws-clients.ts <wsUrl> <token> <count> <expectedEvents>
 * Opens <count> connections, authorizes each, prints READY, then records for every BENCH event the
 * delay from the send time in its data.membershipId (bench:<seq>:<epoch ms>) to arrival, and prints one JSON line when all arrived.
 */
import WebSocket from 'ws';

const [url, token, countArg, expectedArg] = process.argv.slice(2);
const count = Number(countArg);
const expected = Number(expectedArg) * count;
const now = () => performance.timeOrigin + performance.now();
const latencies: number[] = [];

function open(index: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ action: 'hello' })));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.eventName === 'WS-CONNECTED') {
        socket.send(JSON.stringify({ action: 'authorize', token, sessionId: `bench-${index}` }));
      } else if (message.eventName === 'WS-AUTHORIZED') resolve(socket);
      else if (String(message.data?.membershipId ?? '').startsWith('bench:')) {
        latencies.push(now() - Number(message.data.membershipId.split(':')[2]));
        if (latencies.length === expected) finish();
      }
    });
  });
}

function finish() {
  process.stdout.write(`${JSON.stringify({ latencies })}\n`);
  process.exit(0);
}

// Open in small batches so the handshakes do not all land at once.
for (let i = 0; i < count; i += 20) {
  await Promise.all(Array.from({ length: Math.min(20, count - i) }, (_, j) => open(i + j)));
}
process.stdout.write('READY\n');
setTimeout(finish, 60_000);
