import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, MOUNT_RETRY_MAX_MS, mountRetryBackoffMs } from './react-query';

afterEach(() => {
  vi.useRealTimers();
});

/** Mounts an observer of the query (as a screen does) and lets its fetch, if any, settle. */
async function mount(client: ReturnType<typeof createQueryClient>, queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: ['user', 'me'], queryFn });
  const unsubscribe = observer.subscribe(() => {});
  await vi.advanceTimersByTimeAsync(0);
  unsubscribe();
}

describe('query client', () => {
  it('grows the pause between fetches of a failing query on mount, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(mountRetryBackoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(mountRetryBackoffMs(50)).toBe(MOUNT_RETRY_MAX_MS);
  });

  it('does not fetch a failed query again each time a screen remounts (no spin), only after the pause', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(new Error('404 Not registered')));

    await mount(client, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
    // A guard flipping between the splash and the screen remounts the screen again and again.
    for (let i = 0; i < 50; i++) await mount(client, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1000);
    await mount(client, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
    // The second failure waits 2 s.
    await vi.advanceTimersByTimeAsync(1500);
    await mount(client, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    await mount(client, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('never holds back an explicit refetch (Try again)', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(new Error('boom')));
    await mount(client, queryFn);
    await client.refetchQueries({ queryKey: ['user', 'me'] }).catch(() => {});
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
