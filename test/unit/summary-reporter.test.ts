/**
 * The summary line CI reads ('N passed, N failed, N skipped') counts a file that fails to load, and
 * the tests of a file or describe whose setup failed, as failed: vitest itself is run over a
 * throw-away folder of fixture files with the reporter, and its output is read.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const REPORTER = join(ROOT, 'test/support/summary-reporter.ts');

/** Fixture files (vitest's globals, so they import nothing from outside the folder). */
const FIXTURES: Record<string, string> = {
  'passes.test.ts': `
    it('passes', () => expect(1).toBe(1));
    it.skip('is skipped on purpose', () => {});
    it.todo('is still to do');
  `,
  'throws-on-import.ts': `throw new Error('this module cannot load');`,
  'import-fails.test.ts': `
    import './throws-on-import';
    it('never runs', () => {});
  `,
  'missing-import.test.ts': `
    import './no-such-module';
    it('never runs either', () => {});
  `,
  'before-all-fails.test.ts': `
    beforeAll(() => { throw new Error('Chromium is missing'); });
    it('first', () => {});
    describe('group', () => {
      it('second', () => {});
    });
  `,
  'before-each-fails.test.ts': `
    beforeEach(() => { throw new Error('no fixture'); });
    it('one', () => {});
    it('two', () => {});
  `,
  'describe-setup-fails.test.ts': `
    it('outside the describe', () => {});
    describe('with a failing setup', () => {
      beforeAll(() => { throw new Error('describe setup'); });
      it('inside', () => {});
    });
  `,
  'after-all-fails.test.ts': `
    afterAll(() => { throw new Error('teardown'); });
    it('passes before the teardown fails', () => {});
  `,
};

let dir: string;
let output: string;
let status: number | null;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'summary-reporter-'));
  for (const [name, source] of Object.entries(FIXTURES)) writeFileSync(join(dir, name), source);
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    `export default { test: { include: ['*.test.ts'], globals: true, reporters: [${JSON.stringify(REPORTER)}] } };\n`,
  );
  // A vitest of its own, so the fixtures' failures stay out of this run.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--config', 'vitest.config.mjs'],
    { cwd: dir, env: { ...env, NO_COLOR: '1', CI: '1' }, encoding: 'utf8', timeout: 60_000 },
  );
  output = `${run.stdout}\n${run.stderr}`;
  status = run.status;
}, 70_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('summary reporter', () => {
  it('counts files that fail to load, and tests whose setup failed, as failed', () => {
    const lines = output.match(/^\d+ passed, \d+ failed, \d+ skipped$/gm);
    expect(lines, output).toHaveLength(1);
    // passed: passes, outside the describe, passes before the teardown fails.
    // failed: 2 files that do not load (1 each), first + second (beforeAll), one + two (beforeEach),
    //         inside (describe's beforeAll), the file whose afterAll failed (1).
    // skipped: it.skip and it.todo only.
    expect(lines?.[0]).toBe('3 passed, 8 failed, 2 skipped');
    expect(status).toBe(1);
  });
});
