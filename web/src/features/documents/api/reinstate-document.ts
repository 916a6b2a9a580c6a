import { api } from '@/lib/api-client';
import { useDocumentsMutation } from './use-documents-mutation';

/** POST /api/documents/{documentId}/reinstate: Make Available, DEACTIVE back to UPLOADED. */
export const reinstateDocument = (documentId: string) => api('reinstateDocument', { params: { documentId } });

export const useReinstateDocument = () => useDocumentsMutation(reinstateDocument);
