import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import { quizKeys } from './query-keys';

/** A change to an invitation: the inbox and the sent list refresh after it. */
export function useInviteMutation<R, V>(mutationFn: MutationFunction<R, V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quizKeys.inbox }),
        queryClient.invalidateQueries({ queryKey: quizKeys.sent }),
      ]),
  });
}
