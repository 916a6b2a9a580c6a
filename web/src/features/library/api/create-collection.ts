import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/collections: a new collection of the team's. */
export const createCollection = (collectionName: string) =>
  api('createCollection', { body: { collectionName } });

export const useCreateCollection = () => useLibraryMutation(createCollection);
