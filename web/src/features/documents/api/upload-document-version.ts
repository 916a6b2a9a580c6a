import type { RouteBody } from '@shared/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type UploadVersionInput = { documentId: string } & RouteBody<'uploadDocumentVersion'>;

/**
 * POST /api/documents/{documentId}/upload: starts a new file for a document (MANAGE_ANSWER_LIBRARY),
 * optionally with a new expiry date; the earlier files stay in its history. Then the same complete.
 */
export const uploadDocumentVersion = ({ documentId, ...body }: UploadVersionInput) =>
  api('uploadDocumentVersion', { params: { documentId }, body });

export const useUploadDocumentVersion = () => useMutation({ mutationFn: uploadDocumentVersion });
