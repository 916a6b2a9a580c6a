import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIBRARY_QUERY_KEY } from '@/features/library/api/search-library';
import { api } from '@/lib/api-client';

export type { Gap, GapReport } from '@shared/schemas/library-gaps';

/** GET /api/answers/gaps: the library's gaps the caller can see, most frequent first. */
export const listGaps = (signal?: AbortSignal) => api('listGaps', { signal });

/** Under the library's key: a library change (live or our own) refreshes it. */
export const GAPS_QUERY_KEY = [...LIBRARY_QUERY_KEY, 'gaps'] as const;

/**
 * While the list is being brought up to date the server says so (`updating`); the new list is heard
 * of live (LIBRARY_GAPS_UPDATED, ../../live-events.ts), nothing polls.
 */
export const gapsQueryOptions = () =>
  queryOptions({
    queryKey: GAPS_QUERY_KEY,
    queryFn: ({ signal }) => listGaps(signal),
  });

export const useGaps = () => useQuery(gapsQueryOptions());
