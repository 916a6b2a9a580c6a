import type { Notification } from '../../shared/schemas/notification';
import { NotFoundError } from '../common/errors';
import { photoUrl } from '../common/photos';
import { usersById } from '../common/team-directory';
import * as repo from './repo';

export async function listNotifications(userId: string, page: { limit: number; before?: string }) {
  const notifications = await repo.pageOf(userId, page);
  const senders = await usersById(notifications.map((n) => n.causedByUserId));
  return Promise.all(
    notifications.map(async (n): Promise<Notification> => {
      const sender = senders.get(n.causedByUserId);
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
  const existing = await repo.getNotification(userId, notificationId);
  if (!existing) throw new NotFoundError('Notification not found');
  if (existing.readAt) return { notificationId, readAt: existing.readAt };
  const readAt = new Date().toISOString();
  await repo.markRead(userId, notificationId, readAt);
  return { notificationId, readAt };
}
