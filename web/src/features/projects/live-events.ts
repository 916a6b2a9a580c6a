import type { LiveEventHandlers } from '@/lib/live-events';
import { autofillQueryKey } from './api/get-autofill';
import { consistencyQueryKey } from './api/get-consistency';
import { PROJECTS_DOCUMENTS_KEY } from './api/list-library-documents';
import { attachmentsQueryKey } from './api/list-project-documents';
import { questionsQueryKey } from './api/list-questions';
import { sourcesQueryKey } from './api/list-sources';

/** Every projects query key starts with this: the list, the home panel and each project's screens. */
export const PROJECTS_QUERY_KEY = ['projects'] as const;

/**
 * A project or its aggregates changed (someone else's edit, a question answered, sharing changed):
 * every projects query refreshes, so an open dashboard, the list and the home panel move without a
 * reload. Only queries on screen refetch now; the others are marked stale.
 *
 * A source changed state (uploaded, read, failed): that project's source queries refresh, so
 * Question Sources shows Processing… turn Ready or Failed. A sheet being configured is not reloaded.
 */
export const projectsLiveEvents: LiveEventHandlers = {
  PROJECT_UPDATED: (_event, { queryClient }) =>
    queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
  SOURCE_UPDATED: (event, { queryClient }) =>
    queryClient.invalidateQueries({ queryKey: sourcesQueryKey(event.data.projectId) }),
  // Fill from library moved on: its progress, and the questions it filled, refresh.
  AUTOFILL_UPDATED: ({ data }, { queryClient }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: autofillQueryKey(data.projectId) }),
      queryClient.invalidateQueries({ queryKey: questionsQueryKey(data.projectId) }),
    ]),
  // The project's consistency findings changed (an answer changed, someone checked or dismissed).
  CONSISTENCY_UPDATED: ({ data }, { queryClient }) =>
    queryClient.invalidateQueries({ queryKey: consistencyQueryKey(data.projectId) }),
  // Documents attached to or removed from the project or its questions: Add Attachments and Project
  // Files refresh, and what can still be attached.
  ATTACHMENTS_UPDATED: ({ data, self }, { queryClient }) => {
    if (self) return;
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: attachmentsQueryKey(data.projectId) }),
      queryClient.invalidateQueries({ queryKey: PROJECTS_DOCUMENTS_KEY }),
    ]);
  },
  // A library document renamed, archived, renewed or expired: every project's attachment lists.
  DOCUMENTS_UPDATED: (_event, { queryClient }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PROJECTS_DOCUMENTS_KEY }),
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === 'projects' && queryKey[1] === 'detail' && queryKey[3] === 'attachments',
      }),
    ]),
};
