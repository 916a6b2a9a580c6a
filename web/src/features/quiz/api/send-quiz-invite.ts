import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quizKeys } from './query-keys';

export type SendQuizInviteInput = { quizId: string } & RouteBody<'sendQuizInvite'>;

/** POST /api/quiz/templates/{quizId}/invite: sends the quiz as it is now to an e-mail address. */
export const sendQuizInvite = ({ quizId, ...body }: SendQuizInviteInput) =>
  api('sendQuizInvite', { params: { quizId }, body });

export function useSendQuizInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuizInvite,
    // The invitation shows in Sent (and in Inbox when it went to someone of this team).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quizKeys.sent }),
        queryClient.invalidateQueries({ queryKey: quizKeys.inbox }),
      ]),
  });
}
