import { MarkReadResponse, Notification, NotificationsQuery } from '../schemas/notification';
import { route, routeGroup } from './route';

export const notifications = routeGroup(
  'notifications',
  // Sender photos are shown through presigned GETs.
  { table: 'readwrite', uploads: 'read' },
  {
    listNotifications: route({
      method: 'GET',
      path: '/api/notifications',
      auth: 'user',
      summary: "The caller's notifications, newest first, a page at a time (`before` = last id seen)",
      query: NotificationsQuery,
      response: Notification.array(),
    }),
    markNotificationRead: route({
      method: 'POST',
      path: '/api/notifications/{notificationId}/read',
      auth: 'user',
      summary: "Mark one of the caller's notifications as read",
      response: MarkReadResponse,
    }),
  },
);
