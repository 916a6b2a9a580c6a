/**
 * Setup file of the stack tiers (integration, browser): whatever this test file's process writes to
 * stdout and stderr (the handlers' JSON logs, the emulators, Node's warnings) goes to the file's log
 * under test-results/logs/ instead of the terminal. The tests' own console calls reach vitest's
 * `onConsoleLog` (vitest.config.ts), which writes them to the same file.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect } from 'vitest';
import { logFileFor } from './log-files';

function sendOutputToLog(testPath: string) {
  const path = logFileFor(testPath);
  mkdirSync(dirname(path), { recursive: true });
  const log = createWriteStream(path, { flags: 'w' });
  const write = (chunk: unknown, encoding?: unknown, callback?: unknown) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    return log.write(
      chunk as string,
      typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
      done as ((error?: Error | null) => void) | undefined,
    );
  };
  process.stdout.write = write as typeof process.stdout.write;
  process.stderr.write = write as typeof process.stderr.write;
}

// From the start, so what loading the test file prints (Node's warnings) goes there too.
const testPath = expect.getState().testPath;
if (testPath) sendOutputToLog(testPath);
