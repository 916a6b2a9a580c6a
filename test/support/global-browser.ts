/**
 * One Chromium for the browser tier's run (vitest `globalSetup`): a Playwright browser server that
 * every browser test file connects to, each test opening contexts of its own (test/e2e/support.ts).
 * A Chromium that cannot start does not stop the run: the message is handed to the files, whose
 * beforeAll fails with it (so their tests count as failed, with the reason).
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (a Playwright browser server's WebSocket endpoint). */
    chromiumEndpoint: string;
    /** Why Chromium could not be started, if it could not. */
    chromiumError: string;
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's headless Chromium, with the flags that keep it quiet and working inside a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default async function setup(project: TestProject) {
  try {
    const server = await chromium.launchServer({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      host: '127.0.0.1',
    });
    project.provide('chromiumEndpoint', server.wsEndpoint());
    return () => server.close();
  } catch (error) {
    project.provide(
      'chromiumError',
      `Chromium could not be started (${CHROMIUM}): ${(error as Error).message}`,
    );
    return () => {};
  }
}
