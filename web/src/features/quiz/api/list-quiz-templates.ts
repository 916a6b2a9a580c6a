import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { quizKeys } from './query-keys';

/** GET /api/quiz/templates: the team's quiz templates, most recently changed first. */
export const listQuizTemplates = (signal?: AbortSignal) => api('listQuizTemplates', { signal });

export const quizTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: quizKeys.templates,
    queryFn: ({ signal }) => listQuizTemplates(signal),
  });

export const useQuizTemplates = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...quizTemplatesQueryOptions(), enabled });
