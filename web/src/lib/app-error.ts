/**
 * Application error reporting. Every failure the user sees (failed API call, identity error) is
 * reported here with the event name APP_ERROR (spec 000 §7.1, §8). Today it goes to the console;
 * a listener registered with `onAppError` can forward it (for example to POST /user/activity once
 * that route exists).
 */
export const APP_ERROR = 'APP_ERROR';

export interface AppErrorEvent {
  eventName: typeof APP_ERROR;
  eventData: {
    message: string;
    /** Where it happened: an API route name, 'auth.signIn', ... */
    source: string;
    status?: number;
    path?: string;
  };
}

export type AppErrorListener = (event: AppErrorEvent) => void;

const listeners = new Set<AppErrorListener>();
let reporting = false;

/** Register a listener for APP_ERROR events; returns the function that removes it. */
export function onAppError(listener: AppErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Record an APP_ERROR. Never throws; a listener that fails (or reports again) cannot loop. */
export function logAppError(
  source: string,
  error: unknown,
  extra: { status?: number; path?: string } = {},
): void {
  const message = error instanceof Error ? error.message : String(error);
  const event: AppErrorEvent = { eventName: APP_ERROR, eventData: { message, source, ...extra } };
  console.error(`[${APP_ERROR}] ${source}: ${message}`, error);
  if (reporting) return;
  reporting = true;
  try {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (listenerError) {
        console.error(`[${APP_ERROR}] listener failed`, listenerError);
      }
    }
  } finally {
    reporting = false;
  }
}
