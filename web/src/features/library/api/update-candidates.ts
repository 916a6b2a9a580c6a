import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/candidates/update: add candidates to the library (CREATE) or discard them. */
export const updateCandidates = (body: { questionIds: string[]; newStatus: 'DISCARD' | 'CREATE' }) =>
  api('updateCandidates', { body });

export const useUpdateCandidates = () => useLibraryMutation(updateCandidates);
