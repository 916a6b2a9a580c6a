import { answeringLiveEvents } from '@/features/answering/live-events';
import { documentsLiveEvents } from '@/features/documents/live-events';
import { libraryLiveEvents } from '@/features/library/live-events';
import { notificationsLiveEvents } from '@/features/notifications/live-events';
import { projectsLiveEvents } from '@/features/projects/live-events';
import { quizLiveEvents } from '@/features/quiz/live-events';
import { teamLiveEvents } from '@/features/team/live-events';
import { userLiveEvents } from '@/features/user/live-events';
import type { LiveEventHandlers } from '@/lib/live-events';

/**
 * Every feature's live-event handlers, composed here (features never import each other, lib knows
 * none of them). A new feature that reacts to live events adds its registration to this list.
 */
export const liveEventHandlers: readonly LiveEventHandlers[] = [
  answeringLiveEvents,
  documentsLiveEvents,
  libraryLiveEvents,
  notificationsLiveEvents,
  projectsLiveEvents,
  quizLiveEvents,
  teamLiveEvents,
  userLiveEvents,
];
