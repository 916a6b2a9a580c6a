import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeQuestion } from './update-question';

/** POST /api/projects/{projectId}/questions/{questionId}/unassign: no assignee (the selector's none). */
export const unassignQuestion = ({ projectId, questionId }: { projectId: string; questionId: string }) =>
  api('unassignQuestion', { params: { projectId, questionId } });

export function useUnassignQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignQuestion,
    onSuccess: (question) => storeQuestion(queryClient, question),
  });
}
