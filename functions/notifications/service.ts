import { randomBytes } from 'node:crypto';
import type { NotificationCreatedData } from '../../shared/events';
import type { Notification } from '../../shared/schemas/notification';
import { db } from '../common/entities';
import { NotFoundError } from '../common/errors';
import { publishQuietly } from '../common/events';
import { logger } from '../common/logger';
import { photoUrl } from '../common/photos';

/** Sortable ids (time first), so a user's notifications come back newest first from one Query. */
const newNotificationId = () =>
  `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;

export interface NewNotification {
  recipientUserId: string;
  causedByUserId: string;
  teamId: string;
  title: string;
  description: string;
  linkReferencePath: string;
}

/** Stores a notification and tells the recipient's open sessions (NOTIFICATION_CREATED). */
export async function createNotification(input: NewNotification, sessionId: string | null = null) {
  const notificationId = newNotificationId();
  await db()
    .entities.notification.create({
      userId: input.recipientUserId,
      notificationId,
      teamId: input.teamId,
      causedByUserId: input.causedByUserId,
      title: input.title,
      description: input.description,
      linkReferencePath: input.linkReferencePath,
    })
    .go();
  await publishQuietly<NotificationCreatedData>({
    eventName: 'NOTIFICATION_CREATED',
    data: {
      notificationId,
      causedByUserId: input.causedByUserId,
      title: input.title,
      linkReferencePath: input.linkReferencePath,
    },
    scope: { kind: 'user', id: input.recipientUserId },
    sessionId,
  });
  return notificationId;
}

/** For features that notify as a side effect: a failed notification never fails their request. */
export async function notifyQuietly(input: NewNotification, sessionId: string | null = null) {
  await createNotification(input, sessionId).catch((error) =>
    logger.warn('notification failed', { title: input.title, error: String(error) }),
  );
}

export async function listNotifications(userId: string, page: { limit: number; before?: string }) {
  const query = db().entities.notification.query.primary({ userId });
  const { data } = await (page.before ? query.lt({ notificationId: page.before }) : query).go({
    order: 'desc',
    limit: page.limit,
  });
  const senderIds = [...new Set(data.map((n) => n.causedByUserId))];
  const { data: senders } = senderIds.length
    ? await db()
        .entities.user.get(senderIds.map((id) => ({ userId: id })))
        .go()
    : { data: [] };
  const byId = new Map(senders.map((u) => [u.userId, u]));
  return Promise.all(
    data.map(async (n): Promise<Notification> => {
      const sender = byId.get(n.causedByUserId);
      return {
        notificationId: n.notificationId,
        title: n.title,
        description: n.description,
        causedByUserId: n.causedByUserId,
        // Lookups by userId fall back to an empty name and photo (spec 000 §3).
        causedBy: {
          fullName: sender ? `${sender.givenName} ${sender.lastName}` : '',
          photo: await photoUrl(sender?.photo),
        },
        createdAt: n.createdAt,
        readAt: n.readAt ?? null,
        linkReferencePath: n.linkReferencePath,
      };
    }),
  );
}

export async function markRead(userId: string, notificationId: string) {
  const { data: existing } = await db().entities.notification.get({ userId, notificationId }).go();
  if (!existing) throw new NotFoundError('Notification not found');
  if (existing.readAt) return { notificationId, readAt: existing.readAt };
  const readAt = new Date().toISOString();
  await db().entities.notification.patch({ userId, notificationId }).set({ readAt }).go();
  return { notificationId, readAt };
}
