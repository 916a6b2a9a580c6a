/**
 * ElectroDB batch calls done whole (functions/common/batch.ts): what DynamoDB leaves unprocessed is
 * written or read again, a batch that never completes fails instead of dropping items, and the lint
 * plugin refuses ElectroDB's ignored `concurrency` option.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT, inPool, readAll, writeAll } from '../../functions/common/batch';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface Row {
  projectId: string;
  questionId: string;
  text: string;
}
const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ projectId: 'p1', questionId: `q${i}`, text: `row ${i}` }));

describe('writeAll', () => {
  it('writes again what comes back unprocessed, with the option ElectroDB reads', async () => {
    // Prepare: a table that leaves every third item of the first two calls unprocessed.
    const stored = new Map<string, Row>();
    const calls: Array<{ size: number; concurrent: number }> = [];
    const write = async (batch: Row[], options: { concurrent: number }) => {
      calls.push({ size: batch.length, concurrent: options.concurrent });
      const left = calls.length <= 2 ? batch.filter((_, i) => i % 3 === 0) : [];
      for (const row of batch) if (!left.includes(row)) stored.set(row.questionId, row);
      return { unprocessed: left.map(({ projectId, questionId }) => ({ projectId, questionId })) };
    };

    // Act
    await writeAll(rows(90), write, ['projectId', 'questionId']);

    // Assess
    expect(stored.size).toBe(90);
    expect(calls.map((c) => c.size)).toEqual([25, 25, 25, 15, 18]);
    expect(calls.every((c) => c.concurrent === 1)).toBe(true);
  });

  it('keeps IN_FLIGHT requests going: a slow one does not hold the others back', async () => {
    // Prepare: the first request takes 100 ms, the others answer at once.
    let inFlight = 0;
    let most = 0;
    let doneBeforeFirst = 0;
    let firstDone = false;
    const write = async (batch: Row[]) => {
      const first = batch[0].questionId === 'q0';
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, first ? 100 : 1));
      inFlight--;
      if (first) firstDone = true;
      else if (!firstDone) doneBeforeFirst++;
      return { unprocessed: [] };
    };

    // Act: 40 requests of 25.
    await writeAll(rows(1000), write, ['projectId', 'questionId']);

    // Assess: never more than IN_FLIGHT at once, and the 39 others finished while the first waited
    // (sent in rounds, only the 3 of its round would have).
    expect(most).toBe(IN_FLIGHT);
    expect(doneBeforeFirst).toBe(39);
  });

  it('fails rather than dropping items DynamoDB never takes', async () => {
    // Prepare
    const write = async (batch: Row[]) => ({ unprocessed: batch.slice(0, 1) });

    // Act / Assess
    await expect(writeAll(rows(5), write, ['projectId', 'questionId'])).rejects.toThrow(
      'BatchWriteItem left 1 items unprocessed',
    );
  });

  it('makes no call for no items', async () => {
    let calls = 0;
    await writeAll([], async () => ({ unprocessed: [++calls] as never }), ['questionId']);
    expect(calls).toBe(0);
  });
});

describe('inPool', () => {
  it('runs the task on every item, never more than `size` at once, a worker taking the next when free', async () => {
    // Prepare: item 0 finishes only once the seven others have (or after 2 s, if they wait for it);
    // the others are quick. No timing race: a loaded machine cannot reorder them.
    const started: number[] = [];
    const finished: number[] = [];
    let running = 0;
    let most = 0;
    let othersDone: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      othersDone = resolve;
      setTimeout(resolve, 2_000);
    });
    const task = async (item: number) => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      if (item === 0) await gate;
      else await new Promise((resolve) => setTimeout(resolve, 2));
      finished.push(item);
      if (finished.filter((done) => done !== 0).length === 7) othersDone();
      running--;
    };
    // Act
    await inPool([0, 1, 2, 3, 4, 5, 6, 7], task, 3);
    // Assess: all ran, three at most at a time, and the slow one held no one back.
    expect([...started].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
    expect(finished.at(-1)).toBe(0);
    expect(running).toBe(0);
  });
});

describe('readAll', () => {
  it('reads unprocessed keys again and answers every item', async () => {
    // Prepare: the first call answers half of the keys.
    let call = 0;
    const read = async (keys: Array<{ id: number }>) => {
      call++;
      const half = call === 1 ? keys.slice(0, Math.ceil(keys.length / 2)) : keys;
      return { data: half.map((k) => ({ ...k, found: true })), unprocessed: keys.slice(half.length) };
    };

    // Act
    const found = await readAll(
      Array.from({ length: 7 }, (_, id) => ({ id })),
      read,
    );

    // Assess
    expect(found.map((f) => f.id).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(call).toBe(2);
  });
});

describe('the lint plugin for ElectroDB batch options', () => {
  it('refuses `concurrency` in go() options and accepts `concurrent`', async () => {
    // Prepare: a file inside the repository (the plugin applies to the repository's files).
    const dir = mkdtempSync(join(ROOT, 'functions', 'common', '.probe-'));
    const file = join(dir, 'probe.ts');
    writeFileSync(
      file,
      'export async function f(entity: { go(o: object): Promise<void> }) {\n' +
        '  await entity.go({ concurrency: 4 });\n  await entity.go({ concurrent: 4 });\n}\n',
    );
    try {
      // Act
      const outcome = await run(join(ROOT, 'node_modules', '.bin', 'biome'), ['lint', file], {
        cwd: ROOT,
      }).then(
        () => ({ failed: false, output: '' }),
        (error: { stdout: string; stderr: string }) => ({
          failed: true,
          output: error.stdout + error.stderr,
        }),
      );

      // Assess
      expect(outcome.failed).toBe(true);
      expect(outcome.output).toContain('ElectroDB ignores `concurrency`');
      expect(outcome.output).toContain('probe.ts:2:');
      expect(outcome.output).not.toContain('probe.ts:3:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
