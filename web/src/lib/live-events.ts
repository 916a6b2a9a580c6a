/**
 * The registry of live-event handlers. Each feature exports what it does on the events it cares
 * about (`features/<feature>/live-events.ts`: refresh its own queries, show a toast); the app layer
 * composes them (app/live-events.ts) and hands them to the realtime connection, which dispatches
 * every event to each registered handler for its name. lib knows no feature: it only defines the
 * shape of a registration and the dispatch.
 */
import type { EventName, LiveEvent } from '@shared/events';
import type { QueryClient } from '@tanstack/react-query';

/** What a handler may use: the query cache, toasts and in-app navigation. */
export interface LiveEventContext {
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  /** Show a toast; `onClick` runs when it is clicked (the toast closes on click anyway). */
  toast: (message: string, options: { onClick?: () => void }) => void;
  navigate: (path: string) => void;
}

/**
 * Reacts to one event (already parsed against its catalogue schema). May return a promise. A
 * handler for several names (or all) may be registered under each of them.
 */
export type LiveEventHandler<N extends EventName = EventName> = (
  event: LiveEvent & { eventName: N },
  context: LiveEventContext,
) => unknown;

/** One feature's registration: a handler per event name it reacts to. */
export type LiveEventHandlers = { readonly [N in EventName]?: LiveEventHandler<N> };

export type LiveEventDispatch = (event: LiveEvent, context: LiveEventContext) => void;

const report = (eventName: EventName, error: unknown) =>
  console.error(`Live event handler for ${eventName} failed`, error);

/**
 * One dispatch over every registration, in order. A handler that throws (or whose promise rejects)
 * is reported on the console and does not stop the others.
 */
export function createLiveEventDispatch(registrations: readonly LiveEventHandlers[]): LiveEventDispatch {
  return (event, context) => {
    for (const registration of registrations) {
      const handler = registration[event.eventName] as LiveEventHandler | undefined;
      if (!handler) continue;
      try {
        const result = handler(event, context);
        if (result instanceof Promise) result.catch((error: unknown) => report(event.eventName, error));
      } catch (error) {
        report(event.eventName, error);
      }
    }
  };
}

/** Refresh several queries by key prefix (react-query's partial matching); resolves when all have. */
export const invalidateAll = (
  queryClient: LiveEventContext['queryClient'],
  queryKeys: ReadonlyArray<readonly unknown[]>,
) => Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
