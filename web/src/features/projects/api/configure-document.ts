import type { ConfigureDocumentRequest } from '@shared/schemas/source';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type DocumentRef, documentQueryKey } from './get-document';
import { projectQueryKey } from './get-project';

/**
 * POST .../sources/{projectSourceId}/document/configure: save the annotations (CREATE_QUESTION); the
 * server creates, updates and unlinks the questions and answers the counts. A stale version answers 409.
 */
export const configureDocument = ({
  projectId,
  projectSourceId,
  body,
}: DocumentRef & { body: ConfigureDocumentRequest }) =>
  api('configureDocument', { params: { projectId, projectSourceId }, body });

export function useConfigureDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: configureDocument,
    onSettled: (_result, _error, { projectId, projectSourceId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentQueryKey(projectId, projectSourceId) }),
        queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: ['projects', projectId] }),
      ]),
  });
}
