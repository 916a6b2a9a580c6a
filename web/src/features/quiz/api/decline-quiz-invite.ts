import { api } from '@/lib/api-client';
import { useInviteMutation } from './use-invite-mutation';

/** POST /api/quiz/invites/{quizInviteId}/decline: the recipient declines, for good. */
export const declineQuizInvite = (quizInviteId: string) =>
  api('declineQuizInvite', { params: { quizInviteId } });

export const useDeclineQuizInvite = () => useInviteMutation(declineQuizInvite);
