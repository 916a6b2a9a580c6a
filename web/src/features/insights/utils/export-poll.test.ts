import type { InsightsExport } from '@shared/schemas/insights';
import { describe, expect, it, vi } from 'vitest';
import { ExportFailedError, readyExport, waitForExport } from './export-poll';

const state = (status: InsightsExport['status'], extra: Partial<InsightsExport> = {}): InsightsExport => ({
  exportId: 'exp_1',
  status,
  rows: 0,
  createdAt: '2026-03-05T10:00:00.000Z',
  ...extra,
});

/** A fake clock: sleeping moves it on. */
function clock() {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
    elapsed: () => t,
  };
}

describe('readyExport', () => {
  it('is null while queued or running, the link once done, and throws once failed', () => {
    expect(readyExport(state('QUEUED'))).toBeNull();
    expect(readyExport(state('RUNNING'))).toBeNull();
    expect(readyExport(state('DONE', { url: 'https://x/y', fileName: 'acme-export.csv' }))).toMatchObject({
      url: 'https://x/y',
      fileName: 'acme-export.csv',
    });
    expect(() => readyExport(state('FAILED'))).toThrow(ExportFailedError);
    expect(() => readyExport(state('DONE'))).toThrow(ExportFailedError);
  });
});

describe('waitForExport', () => {
  it('polls every second until the export is done', async () => {
    const c = clock();
    const answers = [
      state('RUNNING'),
      state('RUNNING'),
      state('DONE', { url: 'u', fileName: 'f.csv', rows: 3 }),
    ];
    const get = vi.fn(async () => answers.shift() as InsightsExport);
    const seen: string[] = [];

    const done = await waitForExport(state('QUEUED'), get, {
      sleep: c.sleep,
      now: c.now,
      onState: (s) => seen.push(s.status),
    });

    expect(done).toMatchObject({ url: 'u', fileName: 'f.csv', rows: 3 });
    expect(get).toHaveBeenCalledTimes(3);
    expect(get).toHaveBeenCalledWith('exp_1', undefined);
    expect(c.elapsed()).toBe(3000);
    expect(seen).toEqual(['QUEUED', 'RUNNING', 'RUNNING', 'DONE']);
  });

  it('stops when the job fails', async () => {
    const c = clock();
    const get = vi.fn(async () => state('FAILED'));
    await expect(waitForExport(state('QUEUED'), get, { sleep: c.sleep, now: c.now })).rejects.toMatchObject({
      reason: 'failed',
    });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('gives up after a minute', async () => {
    const c = clock();
    const get = vi.fn(async () => state('RUNNING'));
    await expect(waitForExport(state('QUEUED'), get, { sleep: c.sleep, now: c.now })).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(get).toHaveBeenCalledTimes(60);
    expect(c.elapsed()).toBe(60_000);
  });

  it('needs no poll when the export is already done', async () => {
    const get = vi.fn();
    await expect(waitForExport(state('DONE', { url: 'u', fileName: 'f.csv' }), get)).resolves.toMatchObject({
      url: 'u',
    });
    expect(get).not.toHaveBeenCalled();
  });
});
