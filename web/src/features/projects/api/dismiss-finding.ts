import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { consistencyQueryKey } from './get-consistency';

/** POST /api/projects/{projectId}/consistency/dismiss: dismiss a finding with a reason (kept in the questions' activity). */
export const dismissFinding = ({
  projectId,
  findingId,
  reason,
}: {
  projectId: string;
  findingId: string;
  reason: string;
}) => api('dismissFinding', { params: { projectId }, body: { findingId, reason } });

export function useDismissFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissFinding,
    onSuccess: (report) => queryClient.setQueryData(consistencyQueryKey(report.projectId), report),
  });
}
