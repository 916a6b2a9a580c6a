/** The notifications group's access patterns, named. */
import { db } from '../common/entities';

/**
 * A page of a user's notifications, newest first, strictly older than `before` when given. One Query
 * in key order, which is createdAt order: an id is made from the time that becomes its createdAt
 * (functions/common/notifications.ts), and equal times are ordered by the rest of the id.
 */
export async function pageOf(userId: string, page: { limit: number; before?: string }) {
  const query = db().entities.notification.query.primary({ userId });
  const { data } = await (page.before ? query.lt({ notificationId: page.before }) : query).go({
    order: 'desc',
    limit: page.limit,
  });
  return data;
}

export const getNotification = async (userId: string, notificationId: string) =>
  (await db().entities.notification.get({ userId, notificationId }).go()).data;

export async function markRead(userId: string, notificationId: string, readAt: string) {
  await db().entities.notification.patch({ userId, notificationId }).set({ readAt }).go();
}
