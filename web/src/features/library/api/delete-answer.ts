import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/{answerId}/delete. */
export const deleteAnswer = (answerId: string) => api('deleteAnswer', { params: { answerId } });

export const useDeleteAnswer = () => useLibraryMutation(deleteAnswer);
