import { api } from '@/lib/api-client';
import { useInviteMutation } from './use-invite-mutation';

/**
 * POST /api/quiz/invites/{quizInviteId}/accept: the recipient accepts; a project with the quiz's
 * questions is created in their team. Answers its projectId.
 */
export const acceptQuizInvite = (quizInviteId: string) =>
  api('acceptQuizInvite', { params: { quizInviteId } });

export const useAcceptQuizInvite = () => useInviteMutation(acceptQuizInvite);
