import { randomUUID } from 'node:crypto';
import { db } from './entities';
import { BadRequestError } from './errors';

/** Events and day counters live about 400 days (TTL), beyond the longest heat map (366 days). */
export const ACTIVITY_TTL_SECONDS = 400 * 24 * 60 * 60;
export const MAX_EVENT_DATA_BYTES = 8 * 1024;
/** Logged errors are kept for diagnosis but are not contributions. */
export const APP_ERROR_EVENT = 'APP_ERROR';

export interface ActivityInput {
  eventName: string;
  eventData?: Record<string, unknown>;
  duration?: number;
}

/** UTC calendar day of an instant, as YYYY-MM-DD (the heat map's unit). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Records one event for a user and, unless it is an APP_ERROR, adds one to that day's counter in
 * the same transaction, so the counter never disagrees with the events.
 */
export async function recordActivityEvent(userId: string, teamId: string | undefined, input: ActivityInput) {
  if (input.eventData && Buffer.byteLength(JSON.stringify(input.eventData)) > MAX_EVENT_DATA_BYTES) {
    throw new BadRequestError('Invalid request body', {
      eventData: [`Event data must be at most ${MAX_EVENT_DATA_BYTES / 1024} KB`],
    });
  }
  const now = new Date();
  const expiresAt = Math.floor(now.getTime() / 1000) + ACTIVITY_TTL_SECONDS;
  const event = {
    userId,
    eventId: randomUUID(),
    eventName: input.eventName,
    eventData: input.eventData,
    duration: input.duration,
    teamId,
    createdAt: now.toISOString(),
    expiresAt,
  };
  if (input.eventName === APP_ERROR_EVENT) {
    await db().entities.activityEvent.create(event).go();
    return;
  }
  const result = await db()
    .transaction.write(({ activityEvent, activityDay }) => [
      activityEvent.create(event).commit(),
      activityDay
        .upsert({ userId, date: utcDay(now), expiresAt })
        .add({ count: 1 })
        .commit(),
    ])
    .go();
  if (result.canceled) throw new Error('Recording the activity event was cancelled');
}

/** Contributions per day over the last `days` days (today included), oldest first: one Query. */
export async function activityByDay(userId: string, days: number) {
  const today = new Date();
  const first = new Date(today.getTime() - (days - 1) * 24 * 60 * 60 * 1000);
  const { data } = await db()
    .entities.activityDay.query.primary({ userId })
    .between({ date: utcDay(first) }, { date: utcDay(today) })
    .go({ pages: 'all' });
  return data.filter((d) => d.count > 0).map(({ date, count }) => ({ date, count }));
}
