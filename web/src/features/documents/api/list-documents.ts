import type { LibraryDocument } from '@shared/schemas/document';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { LibraryDocument };

/** Every query of the Document Library starts with this key (a change refreshes them all). */
export const DOCUMENTS_QUERY_KEY = ['documents'] as const;

/** GET /api/documents/all: every document of the team, available and archived, newest first. */
export const listAllDocuments = (signal?: AbortSignal) => api('listAllDocuments', { signal });

export const allDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'all'] as const,
    queryFn: ({ signal }) => listAllDocuments(signal),
  });

/** Split by status on screen: Available (UPLOADED) and Archived (DEACTIVE). */
export const useAllDocuments = () => useQuery(allDocumentsQueryOptions());
