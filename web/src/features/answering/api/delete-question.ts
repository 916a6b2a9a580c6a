import { type QueryClient, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { removeQuestionFromList } from './list-questions';

type QuestionRef = { projectId: string; questionId: string };

/** POST /api/projects/{projectId}/questions/{questionId}/delete: delete a manually created question. */
export const deleteQuestion = ({ projectId, questionId }: QuestionRef) =>
  api('deleteQuestion', { params: { projectId, questionId } });

/**
 * Take a question that left the list (deleted, or not a question) out of the cached list; call it
 * once the screen has moved on from it (the page picks the next question from the list as shown).
 */
export function forgetQuestion(queryClient: QueryClient, { projectId, questionId }: QuestionRef) {
  removeQuestionFromList(queryClient, projectId, questionId);
}

export function useDeleteQuestion() {
  return useMutation({ mutationFn: deleteQuestion });
}
