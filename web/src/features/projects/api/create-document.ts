import type { RouteBody } from '@shared/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CreateDocumentInput = RouteBody<'createDocument'>;

/** POST /api/documents/create: starts a new document's upload; answers its documentId and presigned POST. */
export const createDocument = (body: CreateDocumentInput) => api('createDocument', { body });

export const useCreateDocument = () => useMutation({ mutationFn: createDocument });
