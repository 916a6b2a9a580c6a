import { RuntimeConfig } from '@shared/schemas/runtime-config';

/** Where the local runner and CDK write the stage's configuration, next to index.html. */
export const RUNTIME_CONFIG_URL = '/runtime-config.json';

let current: RuntimeConfig | undefined;

/** Fetch and validate /runtime-config.json; must run before Amplify is configured. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_URL, {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_URL} answered ${response.status}`);
  current = RuntimeConfig.parse(await response.json());
  return current;
}

/** The configuration loaded at start-up. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration has not been loaded');
  return current;
}

/** The websocket URL of the stage, with a path such as "/ws" resolved against the page's origin. */
export function websocketUrl(config: RuntimeConfig = getRuntimeConfig()): string {
  const url = new URL(config.websocketUrl, window.location.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}
