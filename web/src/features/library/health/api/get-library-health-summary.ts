import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LIBRARY_HEALTH_KEY } from './get-library-health';

/** GET /api/answers/health/summary: the counts the library page shows. */
export const getLibraryHealthSummary = (signal?: AbortSignal) => api('getLibraryHealthSummary', { signal });

export const libraryHealthSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...LIBRARY_HEALTH_KEY, 'summary'] as const,
    queryFn: ({ signal }) => getLibraryHealthSummary(signal),
  });

export const useLibraryHealthSummary = () => useQuery(libraryHealthSummaryQueryOptions());
