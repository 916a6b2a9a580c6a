/**
 * Setup file of every tier: whatever this test file's process writes to stdout and stderr (the
 * handlers' JSON logs, the emulators, Node's and the SDK's warnings, CDK's bundling lines) goes to the file's log
 * under test-results/logs/ instead of the terminal. The tests' own console calls reach vitest's
 * `onConsoleLog` (vitest.config.ts), which writes them to the same file.
 */

import { expect } from 'vitest';
import { sendOutputToFile } from '../../scripts/local/log-file';
import { logFileFor } from './log-files';

// From the start, so what loading the test file prints (Node's warnings) goes there too.
const testPath = expect.getState().testPath;
if (testPath) sendOutputToFile(logFileFor(testPath));
