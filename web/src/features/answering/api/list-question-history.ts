import type { HistoryEntry } from '@shared/schemas/question';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { questionQueryKey } from './get-question';

export type { HistoryEntry };

/** GET /api/projects/{projectId}/questions/{questionId}/history: every saved change, newest first. */
export const listQuestionHistory = (projectId: string, questionId: string, signal?: AbortSignal) =>
  api('listQuestionHistory', { params: { projectId, questionId }, signal });

export const questionHistoryQueryKey = (projectId: string, questionId: string) =>
  [...questionQueryKey(projectId, questionId), 'history'] as const;

export const questionHistoryQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: questionHistoryQueryKey(projectId, questionId),
    queryFn: ({ signal }) => listQuestionHistory(projectId, questionId, signal),
  });

export const useQuestionHistory = (projectId: string, questionId: string, { enabled = true } = {}) =>
  useQuery({ ...questionHistoryQueryOptions(projectId, questionId), enabled: enabled && !!questionId });
