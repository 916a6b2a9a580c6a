/**
 * The load generator for the API benchmark, run in its own process so that the callers do not
 * share an event loop with the gateway and handlers they measure (as remote callers would not).
 * Usage: tsx scripts/bench/load-client.ts <url> <token> <callers> <warmupMs> <durationMs> <maxRequests>
 * Prints one JSON line: { latencies: number[], failures: Record<string, number>, elapsedMs }.
 */
import { Agent, request } from 'node:http';

const [url, token, callersArg, warmupArg, durationArg, maxArg] = process.argv.slice(2);
const callers = Number(callersArg);
const agent = new Agent({ keepAlive: true, maxSockets: callers });

function get(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { authorization: token } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function run(durationMs: number, maxRequests: number, record: boolean) {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let sent = 0;
  const begin = performance.now();
  const deadline = begin + durationMs;
  const caller = async () => {
    while (performance.now() < deadline && sent < maxRequests) {
      sent++;
      const t0 = performance.now();
      try {
        const status = await get();
        if (status === 200) latencies.push(performance.now() - t0);
        else failures[`HTTP ${status}`] = (failures[`HTTP ${status}`] ?? 0) + 1;
      } catch (error) {
        const key = error instanceof Error ? error.message : String(error);
        failures[key] = (failures[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  return record ? { latencies, failures, elapsedMs: performance.now() - begin } : undefined;
}

// Warm-up under the same concurrency lets the JIT of both Node and DynamoDB Local's JVM settle.
await run(Number(warmupArg), Number(maxArg), false);
const result = await run(Number(durationArg), Number(maxArg), true);
process.stdout.write(`${JSON.stringify(result)}\n`);
agent.destroy();
