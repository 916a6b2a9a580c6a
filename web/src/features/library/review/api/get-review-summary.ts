import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIBRARY_QUERY_KEY } from '@/features/library/api/search-library';
import { api } from '@/lib/api-client';

/** GET /api/answers/review/summary: how many answers are due for review (overdue, the caller's), the cycle. */
export const getReviewSummary = (signal?: AbortSignal) => api('getReviewSummary', { signal });

export const reviewSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'review-summary'] as const,
    queryFn: ({ signal }) => getReviewSummary(signal),
  });

export const useReviewSummary = () => useQuery(reviewSummaryQueryOptions());
