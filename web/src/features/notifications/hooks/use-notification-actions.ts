import type { Notification } from '@shared/schemas/notification';
import { useNavigate } from 'react-router-dom';
import { useMarkNotificationRead } from '@/features/notifications/api/mark-notification-read';
import { isAppPath } from '@/features/notifications/utils/app-path';

/**
 * What a notification list does on a click: mark an unread notification read, and open one by
 * following its link (in-app paths only), marking it read on the way.
 */
export function useNotificationActions() {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();

  const onMarkRead = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.notificationId);
  };
  const onOpen = (notification: Notification) => {
    onMarkRead(notification);
    if (isAppPath(notification.linkReferencePath)) navigate(notification.linkReferencePath);
  };

  /** The notification whose mark-as-read call is running, if any. */
  const pendingId = markRead.isPending ? markRead.variables : undefined;
  return { onMarkRead, onOpen, pendingId };
}
