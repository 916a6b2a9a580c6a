import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { logFileFor } from './test/support/log-files.ts';
import LongestFirst from './test/support/sequencer.ts';

/**
 * The tiers, as vitest projects: unit (no I/O), cdk (the synthesised app), integration (handlers
 * behind the local gateway on a stack of their own per file, sharing the run's DynamoDB Local) and
 * browser (the SPA in the run's one Chromium). `npm test` runs them all; `npm run test:fast`
 * (`--mode fast`) runs unit, cdk and the integration files below, for the inner loop.
 */
const FAST_INTEGRATION = [
  'test/integration/projects.test.ts',
  'test/integration/questions.test.ts',
  'test/integration/reactions.test.ts',
  'test/integration/websocket.test.ts',
  'test/integration/isolation-*.test.ts',
];

/** The stack tiers start the run's shared emulators once and send each file's output to its log. */
const STACK_TIER = {
  globalSetup: ['test/support/global-setup.ts'],
  // A worker's files share one module graph: the SDK, the handlers and the emulators' code load
  // once per worker, not once per file. Each file still has a stack, table and data of its own;
  // what the handlers hold across requests follows the stack's environment (functions/common/
  // aws-client.ts, db.ts), and each stack puts the environment back when it stops.
  isolate: false,
};

export default defineConfig(({ mode }) => {
  const fast = mode === 'fast';
  const browser: TestProjectInlineConfiguration = {
    extends: true,
    test: {
      name: 'browser',
      include: ['test/e2e/**/*.browser.test.ts'],
      ...STACK_TIER,
      globalSetup: [...STACK_TIER.globalSetup, 'test/support/global-browser.ts'],
      // A browser step that fails is tried once more: twice on a loaded 2-core machine a page waited
      // past its 20 s (a keyboard pick-up, the library's first paint) and took the file's later steps
      // with it. A real failure fails both tries; each retry is printed in the run's output.
      retry: 1,
    },
  };
  return {
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./web/src', import.meta.url)),
        '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      },
    },
    test: {
      environment: 'node',
      reporters: ['default', './test/support/summary-reporter.ts'],
      // Whatever a test file's process prints (handlers' logs, emulators, Node's and the SDK's
      // warnings, CDK's bundling lines) goes to the file's log under test-results/logs/.
      setupFiles: ['test/support/quiet-logs.ts'],
      testTimeout: 60_000,
      // Polls wait on the stream and the browser; on a loaded 2-core machine 1 s (the default) is too short.
      expect: { poll: { timeout: 10_000, interval: 100 } },
      hookTimeout: 180_000,
      // Two files at a time on two cores: a third was measured no faster (the suite is CPU-bound
      // here). TEST_WORKERS overrides it (a bigger machine; or 1 to read one file's output).
      maxWorkers: Number(process.env.TEST_WORKERS) || 2,
      fileParallelism: true,
      sequence: { sequencer: LongestFirst },
      // A test's console output goes to its file's log (test/support/log-files.ts), not the
      // terminal; the sweeps' counts lines are shown as well.
      onConsoleLog(log, _type, entity) {
        const module = entity && (entity.type === 'module' ? entity : entity.module);
        if (!module) return;
        const file = logFileFor(module.moduleId);
        mkdirSync(dirname(file), { recursive: true });
        appendFileSync(file, log.endsWith('\n') ? log : `${log}\n`);
        if (/^route sweeps\b/.test(log)) return;
        return false;
      },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: [
              'test/unit/**/*.test.ts',
              'functions/**/*.test.ts',
              'shared/**/*.test.ts',
              'web/src/**/*.test.{ts,tsx}',
            ],
          },
        },
        {
          extends: true,
          // One module graph per worker: aws-cdk-lib loads once, not once per file.
          test: { name: 'cdk', include: ['test/cdk/**/*.test.ts'], isolate: false },
        },
        {
          extends: true,
          test: {
            name: 'integration',
            include: fast ? FAST_INTEGRATION : ['test/integration/**/*.test.ts'],
            ...STACK_TIER,
          },
        },
        ...(fast ? [] : [browser]),
      ],
    },
  };
});
