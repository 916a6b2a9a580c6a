import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/projects/{projectId}/questions/{questionId}/not-a-question: unlink an imported row. */
export const markNotAQuestion = ({ projectId, questionId }: { projectId: string; questionId: string }) =>
  api('markNotAQuestion', { params: { projectId, questionId } });

export function useMarkNotAQuestion() {
  return useMutation({ mutationFn: markNotAQuestion });
}
