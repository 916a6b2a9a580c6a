import type { SaveTermRequest } from '@shared/schemas/answer';
import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/terms: a new term of the glossary. */
export const createTerm = (body: SaveTermRequest) => api('createTerm', { body });

export const useCreateTerm = () => useLibraryMutation(createTerm);
