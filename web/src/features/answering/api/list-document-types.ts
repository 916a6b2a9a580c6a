import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/documents/types: the document types (Other included), for the upload dialog. */
export const listDocumentTypes = (signal?: AbortSignal) => api('listDocumentTypes', { signal });

export const documentTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['answering', 'document-types'] as const,
    queryFn: ({ signal }) => listDocumentTypes(signal),
    staleTime: 30 * 60_000,
  });

export const useDocumentTypes = (enabled = true) => useQuery({ ...documentTypesQueryOptions(), enabled });
