import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/collections/{collectionId}/update: rename, or put answers in or out. */
export const updateCollection = ({
  collectionId,
  body,
}: {
  collectionId: string;
  body: { collectionName?: string; addAnswerIds?: string[]; removeAnswerIds?: string[] };
}) => api('updateCollection', { params: { collectionId }, body });

export const useUpdateCollection = () => useLibraryMutation(updateCollection);
