import type { AutofillRun } from '@shared/schemas/answer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectQueryKey } from './get-project';

export type { AutofillRun };

/** GET /api/projects/{projectId}/autofill: the project's latest Fill from library run, or null. */
export const getAutofill = (projectId: string, signal?: AbortSignal) =>
  api('getAutofill', { params: { projectId }, signal });

export const autofillQueryKey = (projectId: string) => [...projectQueryKey(projectId), 'autofill'] as const;

export const autofillQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: autofillQueryKey(projectId),
    queryFn: ({ signal }) => getAutofill(projectId, signal),
  });

export const useAutofill = (projectId: string) => useQuery(autofillQueryOptions(projectId));
