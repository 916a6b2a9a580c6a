import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web/src', import.meta.url)),
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  test: {
    include: [
      'test/**/*.test.ts',
      'functions/**/*.test.ts',
      'shared/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 60_000,
    // Polls wait on the stream and the browser; on a loaded 2-core machine 1 s (the default) is too short.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 180_000,
    // Integration and browser suites start emulators on their own free ports; keep the 2-core box calm.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
