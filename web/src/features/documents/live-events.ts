import type { LiveEventHandlers } from '@/lib/live-events';
import { DOCUMENTS_QUERY_KEY } from './api/list-documents';

/**
 * Someone changed the team's Document Library (uploaded, renamed, archived, reinstated, a new
 * version, an expiry reached): every Document Library query refreshes, so an open /Files shows it
 * without a reload. This session's own changes already refreshed it.
 */
export const documentsLiveEvents: LiveEventHandlers = {
  DOCUMENTS_UPDATED: ({ self }, { queryClient }) => {
    if (self) return;
    return queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
  },
};
