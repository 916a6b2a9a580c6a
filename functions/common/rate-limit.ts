import { INVITATION_LIMIT_MESSAGE } from '../../shared/constants';
import { db } from './entities';
import { TooManyRequestsError } from './errors';

/**
 * Fixed-window counters kept in the table (so they hold across Lambda containers); each window's
 * item expires through TTL.
 */
const windowOf = (windowSeconds: number) => {
  const now = Math.floor(Date.now() / 1000);
  const window = Math.floor(now / windowSeconds);
  return { now, window: String(window), retryAfter: Math.max(1, (window + 1) * windowSeconds - now) };
};

/** Adds one to the bucket's count in the current window; the count after it. */
export async function countInWindow(bucket: string, windowSeconds: number) {
  const { now, window, retryAfter } = windowOf(windowSeconds);
  const { data } = await db()
    .entities.rateCounter.upsert({ bucket, window, expiresAt: now + windowSeconds * 2 })
    .add({ count: 1 })
    .go({ response: 'all_new' });
  return { count: data?.count ?? 0, retryAfter };
}

/** Throws 429 (with Retry-After) when the bucket already holds `limit` in the current window; counts nothing. */
export async function refuseWhenSpent(
  bucket: string,
  limit: number,
  windowSeconds: number,
  message?: string,
) {
  const { window, retryAfter } = windowOf(windowSeconds);
  const { data } = await db().entities.rateCounter.get({ bucket, window }).go();
  if ((data?.count ?? 0) >= limit) throw new TooManyRequestsError(message, undefined, retryAfter);
}

/** Counts a call: throws 429 (with Retry-After) once `limit` calls were made in the current window. */
export async function rateLimit(
  bucket: string,
  limit: number,
  windowSeconds: number,
  message?: string,
): Promise<void> {
  const { count, retryAfter } = await countInWindow(bucket, windowSeconds);
  if (count > limit) throw new TooManyRequestsError(message, undefined, retryAfter);
}

/**
 * Invitation e-mail (member invitations of the team group and quiz invitations of the quizzes
 * group) goes from our address to any address a member types, with names people chose: one budget
 * per team for both kinds, so the product cannot be used to send mail in bulk.
 */
export const INVITATION_MAIL_LIMIT = { perTeam: 30, windowSeconds: 3600 };

/** Counts one invitation e-mail of the team: 429 with INVITATION_LIMIT_MESSAGE once the budget is spent. */
export async function limitInvitationMail(teamId: string) {
  await rateLimit(
    `invitation-mail:team:${teamId}`,
    INVITATION_MAIL_LIMIT.perTeam,
    INVITATION_MAIL_LIMIT.windowSeconds,
    INVITATION_LIMIT_MESSAGE,
  );
}
