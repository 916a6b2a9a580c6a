import type { Comment } from '@shared/schemas/discussion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Comment };

/** GET /api/projects/{projectId}/questions/{questionId}/comments: the discussion, oldest first. */
export const listComments = (projectId: string, questionId: string, signal?: AbortSignal) =>
  api('listComments', { params: { projectId, questionId }, signal });

/** Refreshed by the live events on COMMENT_CREATED. */
export const commentsQueryKey = (projectId: string, questionId: string) =>
  ['answering', projectId, 'question', questionId, 'comments'] as const;

export const commentsQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: commentsQueryKey(projectId, questionId),
    queryFn: ({ signal }) => listComments(projectId, questionId, signal),
    staleTime: 30_000,
  });

export const useComments = (
  projectId: string,
  questionId: string,
  { enabled = true }: { enabled?: boolean } = {},
) =>
  useQuery({
    ...commentsQueryOptions(projectId, questionId),
    enabled: enabled && !!projectId && !!questionId,
  });
