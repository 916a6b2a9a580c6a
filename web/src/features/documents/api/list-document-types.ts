import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/documents/types: the document types, Other included. */
export const listDocumentTypes = (signal?: AbortSignal) => api('listDocumentTypes', { signal });

export const documentTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['document-library', 'types'] as const,
    queryFn: ({ signal }) => listDocumentTypes(signal),
    // A fixed list: read once per visit.
    staleTime: 30 * 60_000,
  });

export const useDocumentTypes = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...documentTypesQueryOptions(), enabled });
