import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { consistencyQueryKey } from './get-consistency';

/**
 * POST /api/projects/{projectId}/consistency: check the project's answers against each other and
 * against the library now; answers the findings (kept up to date live afterwards).
 */
export const checkConsistency = ({ projectId }: { projectId: string }) =>
  api('checkConsistency', { params: { projectId } });

export function useCheckConsistency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkConsistency,
    onSuccess: (report) => queryClient.setQueryData(consistencyQueryKey(report.projectId), report),
  });
}
