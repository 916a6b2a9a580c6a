/**
 * Application error reporting. Every failure the user sees (failed API call, identity error) is
 * reported here with the event name APP_ERROR (spec 000 §7.1, §8): to the console, to listeners
 * registered with `onAppError`, and, once `reportAppErrorsToServer` has been called at start-up,
 * to POST /api/user/activity while the user is signed in.
 *
 * This module imports nothing of the API client (which imports it): the server sender is handed in.
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

/** The body of POST /api/user/activity for an APP_ERROR. */
export interface AppErrorReport {
  eventName: typeof APP_ERROR;
  eventData: { message: string; context: Record<string, unknown> };
}

export interface AppErrorServerReporting {
  /** Sends one report, e.g. `(body) => api('recordActivity', { body })`. */
  send: (report: AppErrorReport) => Promise<unknown>;
  /** Whether a user is signed in; reports are sent only then. */
  isSignedIn: () => boolean | Promise<boolean>;
  /**
   * The `source` with which the sender's own failures come back to logAppError (the API client uses
   * the route name): those are never reported, so a failing report cannot report itself.
   */
  senderSource: string;
}

/** At most this many reports go to the server per minute; a burst of failures sends no flood. */
export const MAX_REPORTS_PER_MINUTE = 10;
const MAX_MESSAGE_LENGTH = 1000;

const listeners = new Set<AppErrorListener>();
let reporting = false;
let server: AppErrorServerReporting | null = null;
let sentAt: number[] = [];

/** Register a listener for APP_ERROR events; returns the function that removes it. */
export function onAppError(listener: AppErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * From now on, logAppError also POSTs each error to the server while signed in (best effort: a
 * failure is written to the console only). Returns the function that stops it.
 */
export function reportAppErrorsToServer(reporting: AppErrorServerReporting): () => void {
  server = reporting;
  sentAt = [];
  return () => {
    if (server === reporting) server = null;
  };
}

function withinRateLimit(now: number): boolean {
  sentAt = sentAt.filter((time) => now - time < 60_000);
  if (sentAt.length >= MAX_REPORTS_PER_MINUTE) return false;
  sentAt.push(now);
  return true;
}

function currentPath(): string | undefined {
  return typeof window === 'undefined' ? undefined : window.location?.pathname;
}

async function sendToServer(target: AppErrorServerReporting, event: AppErrorEvent): Promise<void> {
  try {
    if (!(await target.isSignedIn())) return;
    if (!withinRateLimit(Date.now())) return;
    const { message, ...context } = event.eventData;
    const page = currentPath();
    await target.send({
      eventName: APP_ERROR,
      eventData: {
        message: message.slice(0, MAX_MESSAGE_LENGTH),
        context: page === undefined ? context : { ...context, page },
      },
    });
  } catch (error) {
    // Never logAppError here: a failing report must not report itself.
    console.warn(`[${APP_ERROR}] could not be sent to the server`, error);
  }
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
    if (server && source !== server.senderSource) void sendToServer(server, event);
  } finally {
    reporting = false;
  }
}
