import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The Document Library as the project screens read it (DOCUMENTS_UPDATED refreshes it). */
export const PROJECTS_DOCUMENTS_KEY = ['projects', 'document-library'] as const;

/** GET /api/documents: the available documents of the team, newest first (what can be attached). */
export const listLibraryDocuments = (signal?: AbortSignal) => api('listDocuments', { signal });

export const libraryDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: [...PROJECTS_DOCUMENTS_KEY, 'available'] as const,
    queryFn: ({ signal }) => listLibraryDocuments(signal),
  });

export const useLibraryDocuments = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...libraryDocumentsQueryOptions(), enabled });
