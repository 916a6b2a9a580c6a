/** Calendar days as the product stores them (YYYY-MM-DD, UTC). */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The day `days` after the day of `now` (a new project's due date). */
export const isoDayAfter = (days: number, now = Date.now()) => isoDay(now + days * DAY_MS);
