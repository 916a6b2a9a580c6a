import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/terms/{termId}/delete. */
export const deleteTerm = (termId: string) => api('deleteTerm', { params: { termId } });

export const useDeleteTerm = () => useLibraryMutation(deleteTerm);
