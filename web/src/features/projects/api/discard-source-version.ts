import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SourceVersionInput } from './apply-source-version';
import { sourcesQueryKey } from './list-sources';

/** POST /api/projects/{projectId}/sources/{projectSourceId}/version/discard: the new file leaves the project. */
export const discardSourceVersion = ({ projectId, projectSourceId }: SourceVersionInput) =>
  api('discardSourceVersion', { params: { projectId, projectSourceId } });

export function useDiscardSourceVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardSourceVersion,
    onSuccess: (_, { projectId }) => queryClient.invalidateQueries({ queryKey: sourcesQueryKey(projectId) }),
  });
}
