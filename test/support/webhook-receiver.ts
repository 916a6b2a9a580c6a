/**
 * A webhook receiver on 127.0.0.1 for tests and the bench: records every request (headers, body,
 * when it arrived) and answers the status it is set to; it can also go down (refuse connections)
 * and come back on the same port.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: (path?: string) => string;
  received: Received[];
  /** What it answers from now on (200 by default). */
  answer(status: number): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let status = 200;
  let port = 0;
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c));
        request.on('end', () => {
          received.push({
            path: request.url ?? '/',
            headers: request.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            at: Date.now(),
          });
          response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
        });
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (next) => {
      status = next;
    },
    down: stop,
    up: listen,
    close: stop,
  };
}
