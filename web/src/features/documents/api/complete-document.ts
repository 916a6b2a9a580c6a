import type { RouteBody } from '@shared/routes';
import { api } from '@/lib/api-client';
import { useDocumentsMutation } from './use-documents-mutation';

export type CompleteDocumentInput = { documentId: string } & RouteBody<'completeDocument'>;

/**
 * POST /api/documents/{documentId}/complete: the file is in the store; the server checks its bytes
 * and keeps it as the document (or its next version). Answers the document.
 */
export const completeDocument = ({ documentId, ...body }: CompleteDocumentInput) =>
  api('completeDocument', { params: { documentId }, body });

/** The list reloads once an upload completes (spec 002 §4). */
export const useCompleteDocument = () => useDocumentsMutation(completeDocument);
