/**
 * Where a test file's logs go: the handlers', emulators' and the file's own console output, one
 * file per test file (so per stack) under test-results/logs/, mirroring the test's path. The
 * terminal shows only the reporter, and for a failing file the path of its log.
 */
import { relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export function logFileFor(testFile: string): string {
  return resolve(ROOT, 'test-results', 'logs', `${relative(ROOT, testFile)}.log`);
}

/** The same path, relative to the project's root, as the terminal shows it. */
export const shownLogFile = (testFile: string) => relative(ROOT, logFileFor(testFile));
