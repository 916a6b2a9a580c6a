import { useComments } from '@/features/answering/api/list-comments';

/**
 * Whether the question has a discussion (at least one comment): the orange dot on the
 * Collaboration button. Shares the comments query (and its cache) with the panel, so the dot
 * follows COMMENT_CREATED without a reload.
 */
export function useHasDiscussion(projectId: string, questionId: string): boolean {
  const { data } = useComments(projectId, questionId);
  return (data?.length ?? 0) > 0;
}
