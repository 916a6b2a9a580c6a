import { db } from './entities';
import { TooManyRequestsError } from './errors';

/**
 * Fixed-window counter kept in the table (so it holds across Lambda containers); each window's
 * item expires through TTL. Throws 429 once `limit` calls were made in the current window.
 */
export async function rateLimit(bucket: string, limit: number, windowSeconds: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const window = String(Math.floor(now / windowSeconds));
  const { data } = await db()
    .entities.rateCounter.upsert({ bucket, window, expiresAt: now + windowSeconds * 2 })
    .add({ count: 1 })
    .go({ response: 'all_new' });
  if ((data?.count ?? 0) > limit) {
    const retryAfter = (Number(window) + 1) * windowSeconds - now;
    throw new TooManyRequestsError(undefined, undefined, Math.max(1, retryAfter));
  }
}
