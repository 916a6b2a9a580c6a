/**
 * Outgoing webhooks through the local stack with real emulators (issue 31's figures):
 * - delivery latency: from a project's creation answered (the write) to its project.created event
 *   arriving at a receiver on 127.0.0.1 (stream → reactions → delivery → stream → sender → POST),
 *   p50 / p99, beside a direct POST to the same receiver (the last hop alone);
 * - a receiver down: events made while it refuses connections are retried by the retry job, run as
 *   of 1, 3, 7 and 10 minutes later (its scheduled event's time), then once the receiver is back;
 *   every event must arrive (0 lost), and duplicates are counted.
 * Figures are printed, never asserted.
 */
import { startReceiver } from '../fixtures/webhook-receiver';
import type { LocalStack } from '../local/stack';
import { ms, percentile } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const LATENCY_RUNS = 30;
const DOWN_EVENTS = 20;

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export async function benchWebhooks(stack: LocalStack, token: string, addRow: AddRow) {
  const rest = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${stack.appUrl}${path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const parsed = (await response.json()) as { data: T };
    if (response.status !== 200)
      throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(parsed)}`);
    return parsed.data;
  };
  const receiver = await startReceiver();
  try {
    await rest('/api/integrations/webhooks', { url: receiver.url('/bench'), events: ['project.created'] });
    const arrivalOf = async (projectId: string, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = receiver.received.find((r) => r.body.includes(projectId));
        if (found) return found.at;
        if (Date.now() > deadline) throw new Error(`No delivery for ${projectId} in ${timeoutMs} ms`);
        await pause(5);
      }
    };

    // Latency, one event at a time.
    const latencies: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < LATENCY_RUNS; i++) {
      const { projectId } = await rest<{ projectId: string }>('/api/projects/create', {
        name: `Webhook bench ${i}`,
      });
      const written = Date.now();
      latencies.push((await arrivalOf(projectId)) - written);
      const started = performance.now();
      await fetch(receiver.url('/direct'), { method: 'POST', body: '{}' });
      direct.push(performance.now() - started);
    }
    const [l, d] = [stats(latencies), stats(direct)];
    addRow('Webhook delivery, write → receiver (p50 / p99)', `${ms(l.p50)} / ${ms(l.p99)}`, '-');
    addRow(
      'A direct POST to the same receiver, beside it (p50; delivery ÷ direct)',
      `${ms(d.p50)} (${(l.p50 / d.p50).toFixed(0)}×)`,
      '-',
    );

    // A receiver down for ten minutes.
    const { handler: retryJob } = await import('../../functions/integrations/retry-job');
    await receiver.down();
    const made: string[] = [];
    for (let i = 0; i < DOWN_EVENTS; i++)
      made.push(
        (await rest<{ projectId: string }>('/api/projects/create', { name: `Receiver down ${i}` })).projectId,
      );
    // Each first attempt fails (connection refused) and waits for its retry.
    await pause(3000);
    const start = Date.now();
    for (const minutes of [1, 3, 7, 10]) {
      await retryJob({ time: new Date(start + minutes * 60_000 + 1000).toISOString() });
      await pause(2000);
    }
    await receiver.up();
    await retryJob({ time: new Date(start + 30 * 60_000).toISOString() });
    const deadline = Date.now() + 30_000;
    const arrived = () => made.filter((id) => receiver.received.some((r) => r.body.includes(id)));
    while (arrived().length < made.length && Date.now() < deadline) await pause(100);
    const copies = made.map((id) => receiver.received.filter((r) => r.body.includes(id)).length);
    const lost = made.length - arrived().length;
    addRow(
      `Deliveries held through a receiver down for 10 minutes (${DOWN_EVENTS} events; lost, duplicated)`,
      `${lost} lost, ${copies.filter((c) => c > 1).length} duplicated`,
      '0 lost',
      lost === 0,
    );
  } finally {
    await receiver.close();
  }
}
