import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PROJECTS_QUERY_KEY } from '../live-events';

/** POST /api/projects/{projectId}/autofill/use: "Use this answer" on a question autofill left empty. */
export const useAutofillCandidate = ({
  projectId,
  questionId,
  answerId,
}: {
  projectId: string;
  questionId: string;
  answerId: string;
}) => api('useAutofillCandidate', { params: { projectId }, body: { questionId, answerId } });

export function useUseAutofillCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useAutofillCandidate,
    // The question, the dashboard's tiles and the list of empty questions move.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
  });
}
