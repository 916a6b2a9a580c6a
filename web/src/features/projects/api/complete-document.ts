import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PROJECTS_DOCUMENTS_KEY } from './list-library-documents';
import { attachmentsQueryKey } from './list-project-documents';

export type CompleteDocumentInput = { documentId: string; projectId: string };

/**
 * POST /api/documents/{documentId}/complete with the project: the uploaded file is checked, kept in
 * the library and attached to the project at once (Add Attachments → Add File).
 */
export const completeDocument = ({ documentId, projectId }: CompleteDocumentInput) =>
  api('completeDocument', { params: { documentId }, body: { projectId } });

export function useCompleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeDocument,
    onSuccess: (_document, { projectId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attachmentsQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_DOCUMENTS_KEY }),
      ]),
  });
}
