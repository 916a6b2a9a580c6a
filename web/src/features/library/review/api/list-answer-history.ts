import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIBRARY_QUERY_KEY } from '@/features/library/api/search-library';
import { api } from '@/lib/api-client';

/** GET /api/answers/{answerId}/history: the answer's review history, newest first. */
export const listAnswerHistory = (answerId: string, signal?: AbortSignal) =>
  api('listAnswerHistory', { params: { answerId }, signal });

export const answerHistoryQueryOptions = (answerId: string) =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'answer', answerId, 'history'] as const,
    queryFn: ({ signal }) => listAnswerHistory(answerId, signal),
  });

export const useAnswerHistory = (answerId: string) => useQuery(answerHistoryQueryOptions(answerId));
