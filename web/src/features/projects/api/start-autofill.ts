import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { autofillQueryKey } from './get-autofill';

/**
 * POST /api/projects/{projectId}/autofill: queue Fill from library (a job fills the confident
 * proposals as drafts and reports its progress live).
 */
export const startAutofill = ({ projectId, threshold }: { projectId: string; threshold?: number }) =>
  api('startAutofill', { params: { projectId }, body: threshold === undefined ? {} : { threshold } });

export function useStartAutofill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startAutofill,
    onSuccess: (run) => queryClient.setQueryData(autofillQueryKey(run.projectId), run),
  });
}
