import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from './list-documents';

/** GET /api/documents/{documentId}/versions: the document's files, newest first, each with a link. */
export const listDocumentVersions = (documentId: string, signal?: AbortSignal) =>
  api('listDocumentVersions', { params: { documentId }, signal });

export const documentVersionsQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, 'versions', documentId] as const,
    queryFn: ({ signal }) => listDocumentVersions(documentId, signal),
  });

export const useDocumentVersions = (documentId: string | null) =>
  useQuery({ ...documentVersionsQueryOptions(documentId ?? ''), enabled: !!documentId });
