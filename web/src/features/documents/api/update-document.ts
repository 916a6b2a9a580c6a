import type { RouteBody } from '@shared/routes';
import { api } from '@/lib/api-client';
import { useDocumentsMutation } from './use-documents-mutation';

export type UpdateDocumentInput = { documentId: string; body: RouteBody<'updateDocument'> };

/** POST /api/documents/{documentId}/update: name, type or expiry date, with the version read (409 if stale). */
export const updateDocument = ({ documentId, body }: UpdateDocumentInput) =>
  api('updateDocument', { params: { documentId }, body });

export const useUpdateDocument = () => useDocumentsMutation(updateDocument);
