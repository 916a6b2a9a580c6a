import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionQueryKey } from './get-question';

/**
 * POST /api/projects/{projectId}/autofill/review for one question: accept (keep) or reject (clear)
 * the draft Fill from library left on it. The question then refetches.
 */
export const reviewDraft = ({
  projectId,
  questionId,
  decision,
}: {
  projectId: string;
  questionId: string;
  decision: 'ACCEPT' | 'REJECT';
}) => api('reviewDrafts', { params: { projectId }, body: { questionIds: [questionId], decision } });

export function useReviewDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDraft,
    onSuccess: (_result, { projectId, questionId }) =>
      queryClient.invalidateQueries({ queryKey: questionQueryKey(projectId, questionId) }),
  });
}
