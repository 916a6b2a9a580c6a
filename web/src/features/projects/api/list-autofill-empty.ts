import type { AutofillEmpty } from '@shared/schemas/library-gaps';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { autofillQueryKey } from './get-autofill';

export type { AutofillEmpty };

/** GET /api/projects/{projectId}/autofill/empty: what the latest Fill from library run left empty, and why. */
export const listAutofillEmpty = (projectId: string, signal?: AbortSignal) =>
  api('listAutofillEmpty', { params: { projectId }, signal });

/** Under the run's key: a new run (its live events refresh the run) refreshes it too. */
export const autofillEmptyQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...autofillQueryKey(projectId), 'empty'] as const,
    queryFn: ({ signal }) => listAutofillEmpty(projectId, signal),
  });

export const useAutofillEmpty = (projectId: string, enabled = true) =>
  useQuery({ ...autofillEmptyQueryOptions(projectId), enabled });
