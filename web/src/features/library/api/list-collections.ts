import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LIBRARY_QUERY_KEY } from './search-library';

/** GET /api/answers/collections: the team's own collections with their answer counts. */
export const listCollections = (signal?: AbortSignal) => api('listCollections', { signal });

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'collections'] as const,
    queryFn: ({ signal }) => listCollections(signal),
  });

export const useCollections = () => useQuery(collectionsQueryOptions());
