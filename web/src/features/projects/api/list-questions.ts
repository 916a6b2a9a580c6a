import type { Question } from '@shared/schemas/question';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Question };

/** GET /api/projects/{projectId}/questions: the project's linked questions, in order (READ_ANSWER). */
export const listQuestions = (projectId: string, signal?: AbortSignal) =>
  api('listQuestions', { params: { projectId }, signal });

/** Under ['projects', projectId, 'questions'], so a change to the project's questions refreshes it. */
export const questionsQueryKey = (projectId: string) =>
  ['projects', projectId, 'questions', 'linked'] as const;

export const questionsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: questionsQueryKey(projectId),
    queryFn: ({ signal }) => listQuestions(projectId, signal),
  });

export const useQuestions = (projectId: string) => useQuery(questionsQueryOptions(projectId));
