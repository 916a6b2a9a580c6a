import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcesQueryKey } from './list-sources';

export type CompareSourceVersionInput = {
  projectId: string;
  projectSourceId: string;
  previousSourceId: string;
};

/**
 * POST /api/projects/{projectId}/sources/{projectSourceId}/version/compare: an uploaded file that
 * gives no questions yet becomes the new version of another source; the processing job compares them.
 */
export const compareSourceVersion = ({
  projectId,
  projectSourceId,
  previousSourceId,
}: CompareSourceVersionInput) =>
  api('compareSourceVersion', { params: { projectId, projectSourceId }, body: { previousSourceId } });

export function useCompareSourceVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: compareSourceVersion,
    onSuccess: (_, { projectId }) => queryClient.invalidateQueries({ queryKey: sourcesQueryKey(projectId) }),
  });
}
