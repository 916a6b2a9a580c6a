/**
 * The insights export is a job (spec 002 §7.4, §7.8): it starts QUEUED, then is polled until DONE
 * (a short-lived link that saves the file) or FAILED. Pure apart from the clock it is given.
 */
import type { InsightsExport } from '@shared/schemas/insights';

export const EXPORT_POLL_INTERVAL_MS = 1000;
export const EXPORT_POLL_TIMEOUT_MS = 60_000;

export type ReadyExport = InsightsExport & { url: string; fileName: string };

export class ExportFailedError extends Error {
  constructor(readonly reason: 'failed' | 'timeout' | 'no-link') {
    super(`The export did not finish (${reason})`);
    this.name = 'ExportFailedError';
  }
}

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Told each state seen (e.g. to show RUNNING). */
  onState?: (state: InsightsExport) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A DONE export with its link, or null while it is still on its way; throws once it failed. */
export function readyExport(state: InsightsExport): ReadyExport | null {
  if (state.status === 'FAILED') throw new ExportFailedError('failed');
  if (state.status !== 'DONE') return null;
  if (!state.url) throw new ExportFailedError('no-link');
  return { ...state, url: state.url, fileName: state.fileName || 'export.csv' };
}

/**
 * Polls `get` every interval (1 s) from the started export until it is DONE, up to the timeout (a
 * minute); rejects with ExportFailedError when it failed or took too long.
 */
export async function waitForExport(
  started: InsightsExport,
  get: (exportId: string, signal?: AbortSignal) => Promise<InsightsExport>,
  {
    intervalMs = EXPORT_POLL_INTERVAL_MS,
    timeoutMs = EXPORT_POLL_TIMEOUT_MS,
    signal,
    onState,
    sleep = wait,
    now = Date.now,
  }: PollOptions = {},
): Promise<ReadyExport> {
  const deadline = now() + timeoutMs;
  let state = started;
  for (;;) {
    onState?.(state);
    const ready = readyExport(state);
    if (ready) return ready;
    if (now() + intervalMs > deadline) throw new ExportFailedError('timeout');
    await sleep(intervalMs);
    signal?.throwIfAborted();
    state = await get(started.exportId, signal);
  }
}
