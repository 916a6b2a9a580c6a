import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quizKeys } from './query-keys';

export type CreateQuizInput = RouteBody<'createQuiz'>;

/** POST /api/quiz/templates/create: a new quiz template (CREATE_QUESTION); answers the quiz, version 1. */
export const createQuiz = (body: CreateQuizInput) => api('createQuiz', { body });

export function useCreateQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuiz,
    onSuccess: (quiz) => queryClient.setQueryData(quizKeys.quiz(quiz.quizId), quiz),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quizKeys.templates }),
  });
}
