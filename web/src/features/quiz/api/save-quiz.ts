import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quizKeys } from './query-keys';

export type SaveQuizInput = { quizId: string; body: RouteBody<'saveQuiz'> };

/**
 * POST /api/quiz/templates/{quizId}/save: name, description and items with the version read; a
 * save over someone else's newer one is refused with 409. Answers the saved quiz (next version).
 */
export const saveQuiz = ({ quizId, body }: SaveQuizInput) => api('saveQuiz', { params: { quizId }, body });

export function useSaveQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuiz,
    onSuccess: (quiz) => queryClient.setQueryData(quizKeys.quiz(quiz.quizId), quiz),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quizKeys.templates }),
  });
}
