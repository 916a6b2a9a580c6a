import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quizKeys } from './query-keys';

/** GET /api/quiz/templates/{quizId}: one quiz template with its ordered sections and questions. */
export const getQuiz = (quizId: string, signal?: AbortSignal) =>
  api('getQuiz', { params: { quizId }, signal });

export const quizQueryOptions = (quizId: string) =>
  queryOptions({
    queryKey: quizKeys.quiz(quizId),
    queryFn: ({ signal }) => getQuiz(quizId, signal),
  });

/** Disabled without an id (/Quiz/New). */
export const useQuiz = (quizId: string | undefined) =>
  useQuery({ ...quizQueryOptions(quizId ?? ''), enabled: !!quizId });
