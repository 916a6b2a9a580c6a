import type { Question } from '@shared/schemas/question';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export type { Question };

/** GET /api/projects/{projectId}/questions/{questionId}: one question (404 once deleted or unlinked). */
export const getQuestion = (projectId: string, questionId: string, signal?: AbortSignal) =>
  api('getQuestion', { params: { projectId, questionId }, signal });

/** Refreshed by the live events on QUESTION_UPDATED; its parts (comments, history…) extend it. */
export const questionQueryKey = (projectId: string, questionId: string) =>
  ['answering', projectId, 'question', questionId] as const;

/** A deleted or unlinked question: 'That question no longer exists'. */
export const isQuestionGone = (error: unknown) => isApiError(error) && error.status === 404;

export const questionQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: questionQueryKey(projectId, questionId),
    queryFn: ({ signal }) => getQuestion(projectId, questionId, signal),
    // A 404 is an answer, not a failure worth retrying.
    retry: (count, error) => !isQuestionGone(error) && count < 1,
  });

export const useQuestion = (projectId: string, questionId: string) =>
  useQuery({ ...questionQueryOptions(projectId, questionId), enabled: !!projectId && !!questionId });
