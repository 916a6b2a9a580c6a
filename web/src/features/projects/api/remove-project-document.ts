import type { AttachedDocument } from '@shared/schemas/document';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attachmentsQueryKey, projectDocumentsQueryOptions } from './list-project-documents';

export type RemoveProjectDocumentInput = {
  projectId: string;
  documentId: string;
  /** One attachment; without it the document leaves the project and every question of it. */
  questionDocumentId?: string;
};

/** POST /api/projects/{projectId}/documents/remove: answers the project's attachments. */
export const removeProjectDocument = ({
  projectId,
  documentId,
  questionDocumentId,
}: RemoveProjectDocumentInput) =>
  api('removeProjectDocument', {
    params: { projectId },
    body: { documentId, ...(questionDocumentId ? { questionDocumentId } : {}) },
  });

export function useRemoveProjectDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProjectDocument,
    onSuccess: (attached, { projectId }) => {
      queryClient.setQueryData<AttachedDocument[]>(
        projectDocumentsQueryOptions(projectId).queryKey,
        attached,
      );
      return queryClient.invalidateQueries({ queryKey: attachmentsQueryKey(projectId) });
    },
  });
}
