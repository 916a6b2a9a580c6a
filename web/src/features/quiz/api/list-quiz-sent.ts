import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quizKeys } from './query-keys';

/** GET /api/quiz/sent: the invitations the team sent, newest first. */
export const listQuizSent = (signal?: AbortSignal) => api('listQuizSent', { signal });

export const quizSentQueryOptions = () =>
  queryOptions({
    queryKey: quizKeys.sent,
    queryFn: ({ signal }) => listQuizSent(signal),
  });

export const useQuizSent = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...quizSentQueryOptions(), enabled });
