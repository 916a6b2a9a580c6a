import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LIBRARY_QUERY_KEY } from './search-library';

/** GET /api/answers/{answerId}: the answer with where it was used. */
export const getAnswer = (answerId: string, signal?: AbortSignal) =>
  api('getAnswer', { params: { answerId }, signal });

export const answerQueryOptions = (answerId: string) =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'answer', answerId] as const,
    queryFn: ({ signal }) => getAnswer(answerId, signal),
  });

export const useAnswer = (answerId: string | null) =>
  useQuery({ ...answerQueryOptions(answerId ?? ''), enabled: answerId !== null });
