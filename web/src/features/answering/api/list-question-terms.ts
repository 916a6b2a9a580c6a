import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANSWERING_LIBRARY_KEY } from './list-suggestions';

/** GET .../questions/{questionId}/terms: the team's glossary, the terms the question uses first. */
export const listQuestionTerms = (projectId: string, questionId: string, signal?: AbortSignal) =>
  api('listQuestionTerms', { params: { projectId, questionId }, signal });

export const questionTermsQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: [...ANSWERING_LIBRARY_KEY, 'terms', projectId, questionId] as const,
    queryFn: ({ signal }) => listQuestionTerms(projectId, questionId, signal),
  });

export const useQuestionTerms = (projectId: string, questionId: string, enabled: boolean) =>
  useQuery({ ...questionTermsQueryOptions(projectId, questionId), enabled });
