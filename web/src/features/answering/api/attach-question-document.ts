import type { AttachedDocument } from '@shared/schemas/document';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionDocumentsQueryKey } from './list-question-documents';

export type AttachInput = { projectId: string; questionId: string; documentId: string };

/** POST .../questions/{questionId}/documents/add: attach an available document; answers the attachments. */
export const attachQuestionDocument = ({ projectId, questionId, documentId }: AttachInput) =>
  api('attachQuestionDocument', { params: { projectId, questionId }, body: { documentId } });

export function useAttachQuestionDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachQuestionDocument,
    onSuccess: (attached, { projectId, questionId }) =>
      queryClient.setQueryData<AttachedDocument[]>(
        questionDocumentsQueryKey(projectId, questionId),
        attached,
      ),
  });
}
