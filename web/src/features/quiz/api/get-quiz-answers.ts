import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quizKeys } from './query-keys';

/** GET /api/quiz/invites/{quizInviteId}/answers: the quiz as sent, with the answers that came back. */
export const getQuizAnswers = (quizInviteId: string, signal?: AbortSignal) =>
  api('getQuizAnswers', { params: { quizInviteId }, signal });

export const quizAnswersQueryOptions = (quizInviteId: string) =>
  queryOptions({
    queryKey: quizKeys.answers(quizInviteId),
    queryFn: ({ signal }) => getQuizAnswers(quizInviteId, signal),
    // Answers that came back do not change.
    staleTime: 5 * 60_000,
  });

export const useQuizAnswers = (quizInviteId: string | null) =>
  useQuery({ ...quizAnswersQueryOptions(quizInviteId ?? ''), enabled: !!quizInviteId });
