import { api } from '@/lib/api-client';
import { useDocumentsMutation } from './use-documents-mutation';

/** POST /api/documents/{documentId}/archive: UPLOADED becomes DEACTIVE (leaves Available). */
export const archiveDocument = (documentId: string) => api('archiveDocument', { params: { documentId } });

export const useArchiveDocument = () => useDocumentsMutation(archiveDocument);
