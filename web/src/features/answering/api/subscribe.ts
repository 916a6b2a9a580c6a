import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionQueryKey } from '@/features/answering/api/get-subscription';
import { api } from '@/lib/api-client';

/** POST …/subscription/create: e-mails about the question's new comments. */
export const subscribe = (projectId: string, questionId: string) =>
  api('subscribe', { params: { projectId, questionId } });

export const useSubscribe = (projectId: string, questionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => subscribe(projectId, questionId),
    onSuccess: (status) => queryClient.setQueryData(subscriptionQueryKey(projectId, questionId), status),
  });
};
