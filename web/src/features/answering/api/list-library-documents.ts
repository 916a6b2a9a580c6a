import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The Document Library as the answering screen reads it (DOCUMENTS_UPDATED refreshes it). */
export const ANSWERING_DOCUMENTS_KEY = ['answering', 'document-library'] as const;

/** GET /api/documents: the available documents of the team, newest first (what can be attached). */
export const listLibraryDocuments = (signal?: AbortSignal) => api('listDocuments', { signal });

export const libraryDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: ANSWERING_DOCUMENTS_KEY,
    queryFn: ({ signal }) => listLibraryDocuments(signal),
  });

export const useLibraryDocuments = (enabled = true) =>
  useQuery({ ...libraryDocumentsQueryOptions(), enabled });
