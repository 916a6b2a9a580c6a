import type { Comment, CreateCommentRequest } from '@shared/schemas/discussion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentsQueryKey } from '@/features/answering/api/list-comments';
import { api } from '@/lib/api-client';

export type { CreateCommentRequest };

/** POST …/comments: a comment of TEXT and MEMBER segments, optionally copied to e-mail addresses. */
export const createComment = (projectId: string, questionId: string, body: CreateCommentRequest) =>
  api('createComment', { params: { projectId, questionId }, body });

/** Appends the new comment to the cached discussion (the live event refreshes it for others). */
export const useCreateComment = (projectId: string, questionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentRequest) => createComment(projectId, questionId, body),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(commentsQueryKey(projectId, questionId), (comments) =>
        comments && !comments.some((c) => c.commentId === comment.commentId)
          ? [...comments, comment]
          : comments,
      );
      void queryClient.invalidateQueries({ queryKey: commentsQueryKey(projectId, questionId) });
      void queryClient.invalidateQueries({
        queryKey: ['answering', projectId, 'question', questionId, 'activity'],
      });
    },
  });
};
