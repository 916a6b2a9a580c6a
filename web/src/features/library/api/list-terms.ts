import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LIBRARY_QUERY_KEY } from './search-library';

/** GET /api/answers/terms: the team's glossary. */
export const listTerms = (signal?: AbortSignal) => api('listTerms', { signal });

export const termsQueryOptions = () =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'terms'] as const,
    queryFn: ({ signal }) => listTerms(signal),
  });

export const useTerms = (enabled: boolean) => useQuery({ ...termsQueryOptions(), enabled });
