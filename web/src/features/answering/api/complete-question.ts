import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeQuestion } from './update-question';

/** POST /api/projects/{projectId}/questions/{questionId}/complete: Mark Completed (status Complete). */
export const completeQuestion = ({ projectId, questionId }: { projectId: string; questionId: string }) =>
  api('completeQuestion', { params: { projectId, questionId } });

export function useCompleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeQuestion,
    onSuccess: (question) => storeQuestion(queryClient, question),
  });
}
