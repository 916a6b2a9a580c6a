/**
 * The browser session a write records as its origin (`changedBySession`), read back by the reactions
 * to mark the live event `self` on that session's connections (events.ts). Apart from events.ts so
 * that a function which writes but never publishes (a job) does not bundle the event catalogue and
 * the API Gateway client.
 */

/** Stored on a change made without a browser session, so no earlier writer's session lingers. */
export const NO_SESSION = '-';
/** The value a write records as the browser session that made it (read back by the reactions). */
export const sessionMark = (sessionId: string | null | undefined) => sessionId || NO_SESSION;
