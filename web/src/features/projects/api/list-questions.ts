import { QUESTION_PAGE_MAX, type Question } from '@shared/schemas/question';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Question };

/**
 * GET /api/projects/{projectId}/questions, every page: the project's linked questions, in order
 * (READ_ANSWER). The trust centre needs the whole list, so it reads the largest pages the API gives.
 */
export async function listQuestions(projectId: string, signal?: AbortSignal): Promise<Question[]> {
  const questions: Question[] = [];
  let cursor: string | undefined;
  do {
    const page = await api('listQuestions', {
      params: { projectId },
      query: { limit: QUESTION_PAGE_MAX, ...(cursor ? { cursor } : {}) },
      signal,
    });
    questions.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return questions;
}

/** Under ['projects', projectId, 'questions'], so a change to the project's questions refreshes it. */
export const questionsQueryKey = (projectId: string) =>
  ['projects', projectId, 'questions', 'linked'] as const;

export const questionsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: questionsQueryKey(projectId),
    queryFn: ({ signal }) => listQuestions(projectId, signal),
  });

export const useQuestions = (projectId: string) => useQuery(questionsQueryOptions(projectId));
