import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcesQueryKey } from './list-sources';

export type SourceVersionInput = { projectId: string; projectSourceId: string };

/**
 * POST /api/projects/{projectId}/sources/{projectSourceId}/version/apply: the reviewed new version
 * is applied by the processing job (answers carried over, new questions created, removed ones
 * retired); SOURCE_UPDATED and QUESTION events follow as it does.
 */
export const applySourceVersion = ({ projectId, projectSourceId }: SourceVersionInput) =>
  api('applySourceVersion', { params: { projectId, projectSourceId } });

export function useApplySourceVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applySourceVersion,
    onSuccess: (_, { projectId }) => queryClient.invalidateQueries({ queryKey: sourcesQueryKey(projectId) }),
  });
}
