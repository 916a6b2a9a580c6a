import { createGroupHandler } from '../common/http';
import { listNotifications, markRead } from './service';

export const handler = createGroupHandler('notifications', {
  listNotifications: async ({ caller, query }) => listNotifications(caller.identity.sub, query),
  markNotificationRead: async ({ caller, params }) => markRead(caller.identity.sub, params.notificationId),
});
