import type { Source } from '@shared/schemas/source';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sourcesQueryKey, sourcesQueryOptions } from './list-sources';

export type CompleteSourceInput = { projectId: string; projectSourceId: string };

/**
 * POST /api/projects/{projectId}/source/complete: the file is in the store; the server checks its
 * bytes and hands it to the processing job. Answers the source, now PROCESSING.
 */
export const completeSource = ({ projectId, projectSourceId }: CompleteSourceInput) =>
  api('completeSource', { params: { projectId }, body: { projectSourceId } });

export function useCompleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSource,
    onSuccess: (source, { projectId }) => {
      // Show it at once at the top of the list (newest first), then refresh from the server.
      queryClient.setQueryData<Source[]>(sourcesQueryOptions(projectId).queryKey, (list) =>
        list ? [source, ...list.filter((s) => s.projectSourceId !== source.projectSourceId)] : list,
      );
      return queryClient.invalidateQueries({ queryKey: sourcesQueryKey(projectId) });
    },
  });
}
