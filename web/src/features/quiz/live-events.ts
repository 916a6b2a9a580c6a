import type { LiveEventHandlers } from '@/lib/live-events';
import { quizKeys } from './api/query-keys';

/**
 * An invitation was sent, accepted, declined, cancelled or answered (on the sending team's scope and
 * on the recipient's): the Inbox and the Sent list refresh, so an open Quiz Central shows the new
 * status without a reload. This session's own changes refreshed them already.
 */
export const quizLiveEvents: LiveEventHandlers = {
  QUIZ_INVITE_UPDATED: ({ self }, { queryClient }) => {
    if (self) return;
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: quizKeys.inbox }),
      queryClient.invalidateQueries({ queryKey: quizKeys.sent }),
    ]);
  },
};
