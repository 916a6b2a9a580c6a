import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LIBRARY_QUERY_KEY } from './search-library';

/** GET /api/answers/candidates: answers saved with Include in Library, waiting for a decision. */
export const listCandidates = (signal?: AbortSignal) => api('listCandidates', { signal });

export const candidatesQueryOptions = () =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'candidates'] as const,
    queryFn: ({ signal }) => listCandidates(signal),
  });

export const useCandidates = (enabled: boolean) => useQuery({ ...candidatesQueryOptions(), enabled });
