import type { LiveEventHandlers } from '@/lib/live-events';
import { ANSWERING_DOCUMENTS_KEY } from './api/list-library-documents';
import { projectAttachmentsQueryKey } from './api/list-question-documents';

/** Every answering query of one project starts with this key. */
const projectKey = (projectId: string) => ['answering', projectId] as const;
const listKey = (projectId: string) => [...projectKey(projectId), 'questions'] as const;
const questionKey = (projectId: string, questionId: string) =>
  [...projectKey(projectId), 'question', questionId] as const;

/** /Projects/{projectId}[/...]: the project a notification's link points into, if any. */
export function projectIdOfLink(path: string): string | null {
  const match = /^\/Projects\/([^/?#]+)/.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Question answering's live events (spec 002 §4, §7.7): another user's save, comment or activity
 * refreshes what the open screen shows (the events of this session are skipped, it already has
 * them); a notification refreshes the list's mention markers; a project change refreshes the
 * header and the list. Only queries on screen refetch now; the others are marked stale.
 */
export const answeringLiveEvents: LiveEventHandlers = {
  QUESTION_UPDATED: ({ data, self }, { queryClient }) => {
    if (self) return;
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey(data.projectId) }),
      queryClient.invalidateQueries({ queryKey: questionKey(data.projectId, data.questionId) }),
    ]);
  },
  COMMENT_CREATED: ({ data, self }, { queryClient }) => {
    if (self) return;
    return queryClient.invalidateQueries({
      queryKey: [...questionKey(data.projectId, data.questionId), 'comments'],
    });
  },
  ACTIVITY_CREATED: ({ data, self }, { queryClient }) => {
    if (self) return;
    return queryClient.invalidateQueries({
      queryKey: [...questionKey(data.projectId, data.questionId), 'activity'],
    });
  },
  NOTIFICATION_CREATED: ({ data }, { queryClient }) => {
    // A mention links to the question: that project's list refreshes its "I'm mentioned" markers.
    const projectId = projectIdOfLink(data.linkReferencePath);
    if (!projectId) return;
    return queryClient.invalidateQueries({ queryKey: listKey(projectId) });
  },
  PROJECT_UPDATED: ({ data }, { queryClient }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...projectKey(data.projectId), 'project'] }),
      queryClient.invalidateQueries({ queryKey: listKey(data.projectId) }),
    ]),
  // Documents attached or removed: the project's question attachments refresh (a removal from the
  // whole project touches every question, so all of them), and what can still be attached.
  ATTACHMENTS_UPDATED: ({ data, self }, { queryClient }) => {
    if (self) return;
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: projectAttachmentsQueryKey(data.projectId) }),
      queryClient.invalidateQueries({ queryKey: ANSWERING_DOCUMENTS_KEY }),
    ]);
  },
  // A document renamed, archived, renewed or expired: the library picker and every attachment list.
  DOCUMENTS_UPDATED: (_event, { queryClient }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ANSWERING_DOCUMENTS_KEY }),
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'answering' && queryKey[2] === 'attachments',
      }),
    ]),
};
