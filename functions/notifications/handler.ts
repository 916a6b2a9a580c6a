import { notifications as notificationsRoutes } from '../../shared/routes/notifications';
import { createGroupHandler } from '../common/http';
import { listNotifications, markRead } from './service';

export const handler = createGroupHandler(notificationsRoutes, {
  listNotifications: async ({ caller, query }) => listNotifications(caller.identity.sub, query),
  markNotificationRead: async ({ caller, params }) => markRead(caller.identity.sub, params.notificationId),
});
