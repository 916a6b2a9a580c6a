import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every library query of the answering screen starts with this (a library change refreshes them). */
export const ANSWERING_LIBRARY_KEY = ['answering', 'library'] as const;

/** GET .../questions/{questionId}/suggestions: the library's best answers for the question. */
export const listSuggestions = (projectId: string, questionId: string, signal?: AbortSignal) =>
  api('listSuggestions', { params: { projectId, questionId }, signal });

export const suggestionsQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: [...ANSWERING_LIBRARY_KEY, 'suggestions', projectId, questionId] as const,
    queryFn: ({ signal }) => listSuggestions(projectId, questionId, signal),
  });

export const useSuggestions = (projectId: string, questionId: string, enabled: boolean) =>
  useQuery({ ...suggestionsQueryOptions(projectId, questionId), enabled });
