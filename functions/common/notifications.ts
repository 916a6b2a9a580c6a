/**
 * Notifications are written by many features (invitations, access changes, later mentions and
 * assignments), so writing one lives here; the notifications group reads and marks them, and its
 * stream reaction tells the recipient's open sessions (NOTIFICATION_CREATED).
 */
import { createHash, randomBytes } from 'node:crypto';
import { db } from './entities';
import { isConditionFailure } from './errors';

export interface NewNotification {
  recipientUserId: string;
  causedByUserId: string;
  teamId: string;
  title: string;
  description: string;
  linkReferencePath: string;
}

/**
 * Sortable ids (time first), so a user's notifications come back newest first from one Query. A
 * reaction passes its stream record's time and id, so a redelivered record yields the same id.
 */
export function notificationId(at = Date.now(), seed?: string) {
  const suffix = seed
    ? createHash('sha256').update(seed).digest('hex').slice(0, 8)
    : randomBytes(4).toString('hex');
  return `${at.toString(36).padStart(9, '0')}-${suffix}`;
}

/** The time a notification id was made for (its first part), or undefined for an id not of ours. */
export function notificationTime(id: string): number | undefined {
  const match = /^([0-9a-z]{9})-[0-9a-f]+$/.exec(id);
  return match ? Number.parseInt(match[1], 36) : undefined;
}

/**
 * Stores a notification once: writing the same id again (a redelivered stream record) is a no-op.
 * Its createdAt is the time its id was made for (when the change happened, for a reaction), not when
 * this write ran: a reaction that runs late (a retry, a busy queue) would otherwise give a
 * notification a newer createdAt than ones stored after it, and the list, which is in key order,
 * would not be in time order. One number for both keeps the key order the time order; equal times
 * fall back to the id's suffix, which is fixed, so ties always come back the same way.
 */
export async function createNotification(input: NewNotification, id = notificationId()) {
  const at = notificationTime(id);
  try {
    await db()
      .entities.notification.create({
        ...(at === undefined ? {} : { createdAt: new Date(at).toISOString() }),
        userId: input.recipientUserId,
        notificationId: id,
        teamId: input.teamId,
        causedByUserId: input.causedByUserId,
        title: input.title,
        description: input.description,
        linkReferencePath: input.linkReferencePath,
      })
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return id;
}
