import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANSWERING_DOCUMENTS_KEY } from './list-library-documents';
import { questionDocumentsQueryKey } from './list-question-documents';

export type CompleteDocumentInput = { documentId: string; projectId: string; questionId: string };

/**
 * POST /api/documents/{documentId}/complete with the question: the uploaded file is checked, kept
 * in the library and attached to the question at once (the file upload dialog for a question).
 */
export const completeDocument = ({ documentId, projectId, questionId }: CompleteDocumentInput) =>
  api('completeDocument', { params: { documentId }, body: { projectId, questionId } });

export function useCompleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeDocument,
    onSuccess: (_document, { projectId, questionId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: questionDocumentsQueryKey(projectId, questionId) }),
        queryClient.invalidateQueries({ queryKey: ANSWERING_DOCUMENTS_KEY }),
      ]),
  });
}
