import { api } from '@/lib/api-client';
import { useInviteMutation } from './use-invite-mutation';

/** POST /api/quiz/invites/{quizInviteId}/cancel: the sending team withdraws an unclaimed invitation. */
export const cancelQuizInvite = (quizInviteId: string) =>
  api('cancelQuizInvite', { params: { quizInviteId } });

export const useCancelQuizInvite = () => useInviteMutation(cancelQuizInvite);
