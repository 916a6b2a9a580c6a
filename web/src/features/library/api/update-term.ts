import type { SaveTermRequest } from '@shared/schemas/answer';
import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/terms/{termId}/update. */
export const updateTerm = ({ termId, body }: { termId: string; body: SaveTermRequest }) =>
  api('updateTerm', { params: { termId }, body });

export const useUpdateTerm = () => useLibraryMutation(updateTerm);
