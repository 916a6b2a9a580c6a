import type { UpdateAnswerRequest } from '@shared/schemas/answer';
import { api } from '@/lib/api-client';
import { useLibraryMutation } from './use-library-mutation';

/** POST /api/answers/{answerId}/update: flag, archive, restore, or favourite. */
export const updateAnswer = ({ answerId, body }: { answerId: string; body: UpdateAnswerRequest }) =>
  api('updateAnswer', { params: { answerId }, body });

export const useUpdateAnswer = () => useLibraryMutation(updateAnswer);
