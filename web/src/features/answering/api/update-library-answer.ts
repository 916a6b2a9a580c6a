import type { UpdateAnswerRequest } from '@shared/schemas/answer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANSWERING_LIBRARY_KEY } from './list-suggestions';

/** POST /api/answers/{answerId}/update from a suggestion: hide (archive), undo hide, flag, favourite. */
export const updateLibraryAnswer = ({ answerId, body }: { answerId: string; body: UpdateAnswerRequest }) =>
  api('updateAnswer', { params: { answerId }, body });

export function useUpdateLibraryAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLibraryAnswer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ANSWERING_LIBRARY_KEY }),
  });
}
