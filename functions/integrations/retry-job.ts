/**
 * The webhook retry job (BACKGROUND_FUNCTIONS.webhookRetries), every minute: deliveries whose next
 * attempt is due go back to PENDING, and the stream hands them to the sender again. The run is as of
 * its scheduled event's `time` (EventBridge sends it; the bench passes a later one to stand for a
 * receiver down for minutes), or now.
 */
import { retryDue } from './deliveries';

export const handler = async (event?: { time?: string }) => {
  const at = event?.time ? Date.parse(event.time) : Number.NaN;
  return { retried: await retryDue(Number.isFinite(at) ? at : Date.now()) };
};
