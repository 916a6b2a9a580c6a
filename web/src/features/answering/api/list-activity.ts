import type { ActivityEntry } from '@shared/schemas/discussion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { ActivityEntry };

/** GET …/activity: the question's activity feed, newest first. */
export const listActivity = (projectId: string, questionId: string, signal?: AbortSignal) =>
  api('listActivity', { params: { projectId, questionId }, signal });

/** Refreshed by the live events on ACTIVITY_CREATED. */
export const activityQueryKey = (projectId: string, questionId: string) =>
  ['answering', projectId, 'question', questionId, 'activity'] as const;

export const activityQueryOptions = (projectId: string, questionId: string) =>
  queryOptions({
    queryKey: activityQueryKey(projectId, questionId),
    queryFn: ({ signal }) => listActivity(projectId, questionId, signal),
    staleTime: 30_000,
  });

export const useActivity = (
  projectId: string,
  questionId: string,
  { enabled = true }: { enabled?: boolean } = {},
) =>
  useQuery({
    ...activityQueryOptions(projectId, questionId),
    enabled: enabled && !!projectId && !!questionId,
  });
