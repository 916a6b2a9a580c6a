/** A new notification reaches its recipient's open sessions as a toast (NOTIFICATION_CREATED). */
import type { NotificationItem } from '../common/entities';
import { publish } from '../common/events';
import type { Change, Reactions } from '../common/reactions';

async function onNotification(change: Change) {
  const notification = change.newImage as NotificationItem | undefined;
  if (change.kind !== 'INSERT' || !notification) return;
  await publish({
    eventName: 'NOTIFICATION_CREATED',
    data: {
      notificationId: notification.notificationId,
      causedByUserId: notification.causedByUserId,
      title: notification.title,
      linkReferencePath: notification.linkReferencePath,
    },
    scope: { kind: 'user', id: notification.userId },
  });
}

export const reactions: Reactions = { notification: onNotification };
