import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { upsertQuestionInList } from './list-questions';

export type AddQuestionInput = { projectId: string } & RouteBody<'addQuestion'>;

/** POST /api/projects/{projectId}/questions/add: a question added by hand (CREATE_QUESTION). */
export const addQuestion = ({ projectId, ...body }: AddQuestionInput) =>
  api('addQuestion', { params: { projectId }, body });

/**
 * Add a question: it joins the end of the cached list at once (no refetch of a long list; the
 * project's live event refreshes it anyway).
 */
export function useAddQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addQuestion,
    onSuccess: (question, { projectId }) => upsertQuestionInList(queryClient, projectId, question),
  });
}
