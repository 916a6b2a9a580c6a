import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeQuestion } from './update-question';

export interface RestoreAnswerInput {
  projectId: string;
  questionId: string;
  activityId: string;
  /** The version the screen shows; a newer one answers 409. */
  version: number;
}

/**
 * POST …/questions/{questionId}/history/{activityId}/restore: bring back the answer, classification
 * and library flag an earlier change saved (itself a change, with its own history entry).
 */
export const restoreAnswer = ({ projectId, questionId, activityId, version }: RestoreAnswerInput) =>
  api('restoreAnswer', { params: { projectId, questionId, activityId }, body: { version } });

export function useRestoreAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreAnswer,
    onSuccess: (question) => storeQuestion(queryClient, question),
  });
}
