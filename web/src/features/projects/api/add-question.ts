import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type AddQuestionInput = { projectId: string } & RouteBody<'addQuestion'>;

/** POST /api/projects/{projectId}/questions/add: a question added by hand (CREATE_QUESTION). */
export const addQuestion = ({ projectId, ...body }: AddQuestionInput) =>
  api('addQuestion', { params: { projectId }, body });

/** Add a question, then refresh the project's dashboard (tiles, burndown, assignments). */
export function useAddQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addQuestion,
    onSuccess: (_question, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) }),
  });
}
