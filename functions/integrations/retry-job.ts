/**
 * The webhook retry job (BACKGROUND_FUNCTIONS.webhookRetries), every minute: deliveries whose next
 * attempt is due go back to PENDING, and the stream hands them to the sender again.
 */
import { retryDue } from './deliveries';

export const handler = async () => ({ retried: await retryDue() });
