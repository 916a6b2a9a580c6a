/**
 * POST /api/user/activity: usage events (spec 000 §7.1) and APP_ERROR reports. Shared by every
 * feature (and by the error reporter), so it lives here rather than in one feature.
 */
import type { RouteBody } from '@shared/routes';
import { api } from './api-client';

export type ActivityEventBody = RouteBody<'recordActivity'>;

/** The route name, which is also the `source` of this call's own failures in logAppError. */
export const RECORD_ACTIVITY_ROUTE = 'recordActivity';

export const recordActivity = (body: ActivityEventBody) => api(RECORD_ACTIVITY_ROUTE, { body });

/** Record a usage event, best effort: never throws, never blocks the caller. */
export function trackEvent(eventName: string, eventData?: Record<string, unknown>): void {
  recordActivity({ eventName, ...(eventData ? { eventData } : {}) }).catch(() => {
    // Already logged by the API client; analytics must never disturb the user.
  });
}
