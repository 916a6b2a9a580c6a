/**
 * Waiting for what happens after a response. Side effects (live events, notifications, e-mails)
 * run shortly after the request, driven by the table's stream, so a test that checks one polls
 * with `eventually`. To check that nothing was sent, wait for the stream first (`stack.settle()`).
 */

export interface EventuallyOptions {
  /** Give up after this long and rethrow the check's last failure (default 10 s). */
  timeoutMs?: number;
  /** Pause between attempts (default 100 ms). */
  intervalMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `check` until it returns without throwing (assertions included) and resolves to its result. */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 100 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await sleep(intervalMs);
  }
}
