import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PROJECTS_QUERY_KEY } from '../live-events';

export type DraftDecision = 'ACCEPT' | 'REJECT';

/** POST /api/projects/{projectId}/autofill/review: accept (keep) or reject (clear) drafts from the library. */
export const reviewDrafts = ({
  projectId,
  questionIds,
  decision,
}: {
  projectId: string;
  questionIds: string[];
  decision: DraftDecision;
}) => api('reviewDrafts', { params: { projectId }, body: { questionIds, decision } });

export function useReviewDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDrafts,
    // The questions, the dashboard's count of drafts and its tiles all move.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
  });
}
