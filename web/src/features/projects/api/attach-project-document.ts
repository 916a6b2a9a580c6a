import type { AttachedDocument } from '@shared/schemas/document';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attachmentsQueryKey, projectDocumentsQueryOptions } from './list-project-documents';

export type AttachProjectDocumentInput = { projectId: string; documentId: string };

/** POST /api/projects/{projectId}/documents/add: attach an available document to the project; answers its attachments. */
export const attachProjectDocument = ({ projectId, documentId }: AttachProjectDocumentInput) =>
  api('attachProjectDocument', { params: { projectId }, body: { documentId } });

export function useAttachProjectDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachProjectDocument,
    onSuccess: (attached, { projectId }) => {
      queryClient.setQueryData<AttachedDocument[]>(
        projectDocumentsQueryOptions(projectId).queryKey,
        attached,
      );
      return queryClient.invalidateQueries({ queryKey: attachmentsQueryKey(projectId) });
    },
  });
}
