import type { RouteBody } from '@shared/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreateDocumentInput = RouteBody<'createDocument'>;

/**
 * POST /api/documents/create: starts a new document's upload (ANSWER_QUESTION); answers its
 * documentId and the presigned POST the file goes to (web/src/lib/upload.ts).
 */
export const createDocument = (body: CreateDocumentInput) => api('createDocument', { body });

export const useCreateDocument = () => useMutation({ mutationFn: createDocument });
