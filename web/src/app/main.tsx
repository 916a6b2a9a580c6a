import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartupError } from '@/components/route-error';
import { RECORD_ACTIVITY_ROUTE, recordActivity } from '@/lib/activity';
import {
  completeRedirectSignIn,
  configureAmplify,
  forgetAbandonedRedirectSignIn,
  OAUTH_REDIRECT_PATH,
} from '@/lib/amplify';
import { applyChaosQueryFlag } from '@/lib/api-client';
import { logAppError, reportAppErrorsToServer } from '@/lib/app-error';
import { readAuthSession } from '@/lib/auth';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { unregisterServiceWorkers } from '@/lib/service-worker';
import { App } from './app';
import { UiProviders } from './providers';

/**
 * Start-up: unregister service workers, read /runtime-config.json, configure Amplify from it (one
 * build serves every stage), complete a federated sign-in on the redirect page, then render.
 */
async function start(): Promise<void> {
  unregisterServiceWorkers();
  applyChaosQueryFlag();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const config = await loadRuntimeConfig();
    forgetAbandonedRedirectSignIn(config);
    configureAmplify(config);
    reportAppErrorsToServer({
      send: recordActivity,
      isSignedIn: async () => (await readAuthSession()).signedIn,
      senderSource: RECORD_ACTIVITY_ROUTE,
    });
    if (window.location.pathname === OAUTH_REDIRECT_PATH) await completeRedirectSignIn();
  } catch (error) {
    logAppError('startup', error);
    root.render(
      <UiProviders>
        <StartupError message="The application could not start." />
      </UiProviders>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
