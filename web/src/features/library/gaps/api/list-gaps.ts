import type { GapReport } from '@shared/schemas/library-gaps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIBRARY_QUERY_KEY } from '@/features/library/api/search-library';
import { api } from '@/lib/api-client';

export type { Gap, GapReport } from '@shared/schemas/library-gaps';

/** GET /api/answers/gaps: the library's gaps the caller can see, most frequent first. */
export const listGaps = (signal?: AbortSignal) => api('listGaps', { signal });

/** Under the library's key: a library change (live or our own) refreshes it. */
export const GAPS_QUERY_KEY = [...LIBRARY_QUERY_KEY, 'gaps'] as const;

/** While the list is being brought up to date the server says so: ask again every two seconds. */
export const gapsQueryOptions = () =>
  queryOptions({
    queryKey: GAPS_QUERY_KEY,
    queryFn: ({ signal }) => listGaps(signal),
    refetchInterval: (query) => ((query.state.data as GapReport | undefined)?.updating ? 2_000 : false),
  });

export const useGaps = () => useQuery(gapsQueryOptions());
