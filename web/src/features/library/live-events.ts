import type { LiveEventHandlers } from '@/lib/live-events';
import { LIBRARY_QUERY_KEY } from './api/search-library';
import { GAPS_QUERY_KEY } from './gaps/api/list-gaps';
import { LIBRARY_HEALTH_KEY } from './health/api/get-library-health';

/**
 * Someone changed the team's library (answers, candidates): every library query refreshes, so an
 * open Answer Library shows it without a reload; queries not on screen are only marked stale.
 */
export const libraryLiveEvents: LiveEventHandlers = {
  LIBRARY_UPDATED: (_event, { queryClient }) =>
    queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY }),
  /** Library health's report moved (a check queued, started, done): its view and the page's counts. */
  LIBRARY_HEALTH_UPDATED: (_event, { queryClient }) =>
    queryClient.invalidateQueries({ queryKey: LIBRARY_HEALTH_KEY }),
  /** A new gap list was computed: the gaps view reads it (and its own projects) again. */
  LIBRARY_GAPS_UPDATED: (_event, { queryClient }) =>
    queryClient.invalidateQueries({ queryKey: GAPS_QUERY_KEY }),
};
