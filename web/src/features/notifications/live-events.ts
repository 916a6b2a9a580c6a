import type { LiveEventHandlers } from '@/lib/live-events';
import { notificationsQueryRoot } from './api/list-notifications';
import { isAppPath } from './utils/app-path';

/**
 * NOTIFICATION_CREATED: every notifications query (the screen and the dashboard panel) is refreshed
 * and a toast shows the title; clicking it goes to the notification's link (in-app paths only).
 */
export const notificationsLiveEvents: LiveEventHandlers = {
  NOTIFICATION_CREATED: ({ data }, { queryClient, toast, navigate }) => {
    const refreshed = queryClient.invalidateQueries({ queryKey: notificationsQueryRoot });
    if (data.title) {
      const link = data.linkReferencePath;
      toast(data.title, { onClick: isAppPath(link) ? () => navigate(link) : undefined });
    }
    return refreshed;
  },
};
