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

/** Stores a notification once: writing the same id again (a redelivered stream record) is a no-op. */
export async function createNotification(input: NewNotification, id = notificationId()) {
  try {
    await db()
      .entities.notification.create({
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
