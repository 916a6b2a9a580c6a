import type { RouteBody } from '@shared/routes';
import type { Question } from '@shared/schemas/question';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionQueryKey } from './get-question';
import { upsertQuestionInList } from './list-questions';

export type UpdateQuestionInput = { projectId: string; questionId: string } & RouteBody<'updateQuestion'>;

/**
 * POST /api/projects/{projectId}/questions/{questionId}/update: answer, classify, include in the
 * library, set the status or assign. `version` is the one the editor started from: a newer one on
 * the server answers 409 (never overwritten silently).
 */
export const updateQuestion = ({ projectId, questionId, ...body }: UpdateQuestionInput) =>
  api('updateQuestion', { params: { projectId, questionId }, body });

/** The question as a call returned it becomes the cached one (unless the cache already holds newer). */
export function storeQuestion(queryClient: QueryClient, question: Question): void {
  queryClient.setQueryData<Question>(questionQueryKey(question.projectId, question.questionId), (cached) =>
    cached && cached.version > question.version ? cached : question,
  );
  // The list shows status, classification and assignee: its copy follows without a refetch.
  upsertQuestionInList(queryClient, question.projectId, question);
  // History gains an entry with every landed change.
  queryClient.invalidateQueries({
    queryKey: [...questionQueryKey(question.projectId, question.questionId), 'history'],
  });
}

export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuestion,
    onSuccess: (question) => storeQuestion(queryClient, question),
  });
}
