import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionQueryKey } from '@/features/answering/api/get-subscription';
import { api } from '@/lib/api-client';

/** POST …/subscription/remove: no more e-mails about the question's comments. */
export const unsubscribe = (projectId: string, questionId: string) =>
  api('unsubscribe', { params: { projectId, questionId } });

export const useUnsubscribe = (projectId: string, questionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(projectId, questionId),
    onSuccess: (status) => queryClient.setQueryData(subscriptionQueryKey(projectId, questionId), status),
  });
};
