import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIBRARY_QUERY_KEY } from '@/features/library/api/search-library';
import { api } from '@/lib/api-client';

export const LIBRARY_HEALTH_KEY = [...LIBRARY_QUERY_KEY, 'health'] as const;

/** GET /api/answers/health: the duplicate groups and conflicts the last check found. */
export const getLibraryHealth = (signal?: AbortSignal) => api('getLibraryHealth', { signal });

export const libraryHealthQueryOptions = () =>
  queryOptions({
    queryKey: [...LIBRARY_HEALTH_KEY, 'report'] as const,
    queryFn: ({ signal }) => getLibraryHealth(signal),
    // A check queued, running or done is heard of live (LIBRARY_HEALTH_UPDATED, ../../live-events.ts).
  });

export const useLibraryHealth = () => useQuery(libraryHealthQueryOptions());
