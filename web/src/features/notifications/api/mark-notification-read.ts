import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@/lib/activity';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { notificationsQueryRoot } from './list-notifications';

/** The usage event recorded when a notification is marked read (spec 000 §7.1). */
export const NOTIFICATION_MARK_READ = 'NOTIFICATION_MARK_READ';
export const MARK_READ_ERROR = 'There was an error marking your notification as read';

/** POST /api/notifications/{notificationId}/read (empty body). */
export const markNotificationRead = (notificationId: string) =>
  api('markNotificationRead', { params: { notificationId } });

/** Mark one notification read, then refetch every notifications query (spec 000 §4). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: ({ notificationId }) => {
      trackEvent(NOTIFICATION_MARK_READ, { notificationId });
      return queryClient.invalidateQueries({ queryKey: notificationsQueryRoot });
    },
    onError: () => {
      notifyError(MARK_READ_ERROR);
    },
  });
}
