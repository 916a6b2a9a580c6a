import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SubscriptionStatus = Awaited<ReturnType<typeof getSubscription>>;

/** GET …/subscription: whether the caller gets e-mails about the question's comments. */
export const getSubscription = (projectId: string, questionId: string, signal?: AbortSignal) =>
  api('getSubscription', { params: { projectId, questionId }, signal });

export const subscriptionQueryKey = (projectId: string, questionId: string) =>
  ['answering', projectId, 'question', questionId, 'subscription'] as const;

export const subscriptionQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: subscriptionQueryKey(projectId, questionId),
    queryFn: ({ signal }) => getSubscription(projectId, questionId, signal),
    staleTime: 60_000,
  });

export const useSubscription = (projectId: string, questionId: string) =>
  useQuery(subscriptionQueryOptions(projectId, questionId));
