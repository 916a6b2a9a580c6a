import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule, TestSuite } from 'vitest/node';
import { logFileFor, shownLogFile } from './log-files';

/**
 * Ends the run with the plain 'N passed, N failed, N skipped' line that CI reads, and never says
 * `0 failed` for a run that failed:
 * - a test that did not run because its setup failed (a beforeAll of its file or of an enclosing
 *   describe threw, e.g. Chromium missing) counts as failed, not skipped;
 * - a file that failed without any test counted failed (it did not load, or a hook outside the
 *   tests threw, such as afterAll) counts as one failure;
 * - each error vitest reports outside every test (unhandled rejections) counts as one failure.
 * Only tests that were meant to be skipped (`it.skip`, `it.todo`, filtered out, or skipped from
 * inside the test) count as skipped.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []) {
    // Where a failing file's handler, emulator and console output went (test/support/quiet-logs.ts).
    for (const module of testModules) {
      const failed = module.state() === 'failed' || module.errors().length > 0;
      if (failed && existsSync(logFileFor(module.moduleId)))
        console.log(`logs of ${relative(process.cwd(), module.moduleId)}: ${shownLogFile(module.moduleId)}`);
    }
    const counts = summarize(testModules, unhandledErrors);
    console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}

/** Whether the setup of `test` failed: one of its suites, or its file, reports an error of its own. */
function setupFailed(test: TestCase): boolean {
  for (let parent: TestSuite | TestModule = test.parent; ; parent = parent.parent) {
    if (parent.errors().length > 0) return true;
    if (parent.type === 'module') return false;
  }
}

export function summarize(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const module of testModules) {
    let failedHere = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') failedHere++;
      else if (test.options.mode === 'run' && setupFailed(test)) failedHere++;
      else counts.skipped++;
    }
    if (failedHere === 0 && (module.state() === 'failed' || module.errors().length > 0)) failedHere = 1;
    counts.failed += failedHere;
  }
  counts.failed += unhandledErrors.length;
  return counts;
}
