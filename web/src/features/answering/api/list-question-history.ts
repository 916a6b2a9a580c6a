import type { HistoryEntry } from '@shared/schemas/question';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
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

/** How long the history is polled for the entry of a change the screen already shows. */
const AWAIT_ENTRY_MS = 30_000;
const POLL_MS = 1_000;

/**
 * The question's history. The stream writes each change's entry after the change returned, so
 * while the newest entry is older than `currentVersion` (the version the screen shows) the history
 * is read again every second, for at most 30 s (not every version has an entry).
 */
export function useQuestionHistory(
  projectId: string,
  questionId: string,
  { enabled = true, currentVersion }: { enabled?: boolean; currentVersion?: number } = {},
) {
  const awaiting = useRef<{ version: number; since: number } | null>(null);
  if (currentVersion !== undefined && awaiting.current?.version !== currentVersion) {
    awaiting.current = { version: currentVersion, since: Date.now() };
  }
  return useQuery({
    ...questionHistoryQueryOptions(projectId, questionId),
    enabled: enabled && !!questionId,
    refetchInterval: (query) => {
      const wanted = awaiting.current;
      const newest = query.state.data?.[0]?.version ?? 0;
      return wanted && newest < wanted.version && Date.now() - wanted.since < AWAIT_ENTRY_MS
        ? POLL_MS
        : false;
    },
  });
}
