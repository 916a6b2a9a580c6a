import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ANSWERING_LIBRARY_KEY } from './list-suggestions';

/** POST .../questions/{questionId}/answers/search: Search Answers (an empty query clears). */
export const searchAnswers = (
  projectId: string,
  questionId: string,
  searchQuery: string,
  signal?: AbortSignal,
) => api('searchAnswers', { params: { projectId, questionId }, body: { searchQuery }, signal });

export const searchAnswersQueryOptions = (projectId: string, questionId: string, searchQuery: string) =>
  queryOptions({
    queryKey: [...ANSWERING_LIBRARY_KEY, 'search', projectId, questionId, searchQuery] as const,
    queryFn: ({ signal }) => searchAnswers(projectId, questionId, searchQuery, signal),
  });

export const useSearchAnswers = (projectId: string, questionId: string, searchQuery: string) =>
  useQuery({
    ...searchAnswersQueryOptions(projectId, questionId, searchQuery),
    enabled: searchQuery.trim().length > 0,
    placeholderData: keepPreviousData,
  });
