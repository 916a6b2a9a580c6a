import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quizKeys } from './query-keys';

/** GET /api/quiz/inbox: invitations sent to the team's members, newest first. */
export const listQuizInbox = (signal?: AbortSignal) => api('listQuizInbox', { signal });

export const quizInboxQueryOptions = () =>
  queryOptions({
    queryKey: quizKeys.inbox,
    queryFn: ({ signal }) => listQuizInbox(signal),
  });

export const useQuizInbox = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...quizInboxQueryOptions(), enabled });
