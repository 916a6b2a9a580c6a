import type { AttachedDocument } from '@shared/schemas/document';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionDocumentsQueryKey } from './list-question-documents';

export type RemoveInput = {
  projectId: string;
  questionId: string;
  documentId: string;
  questionDocumentId: string;
};

/** POST .../questions/{questionId}/documents/remove: take one attachment off the question; answers the rest. */
export const removeQuestionDocument = ({
  projectId,
  questionId,
  documentId,
  questionDocumentId,
}: RemoveInput) =>
  api('removeQuestionDocument', {
    params: { projectId, questionId },
    body: { documentId, questionDocumentId },
  });

export function useRemoveQuestionDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeQuestionDocument,
    onSuccess: (attached, { projectId, questionId }) =>
      queryClient.setQueryData<AttachedDocument[]>(
        questionDocumentsQueryKey(projectId, questionId),
        attached,
      ),
  });
}
