import type { Question, QuestionPage } from '@shared/schemas/question';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '@/lib/api-client';

export type { Question, QuestionPage };

/** The first page is small so the first rows paint at once; the rest arrive in large pages. */
export const FIRST_PAGE_LIMIT = 200;
export const NEXT_PAGE_LIMIT = 1000;

/** GET /api/projects/{projectId}/questions: one page of the project's linked questions, in order. */
export const listQuestions = (
  projectId: string,
  { cursor, limit, signal }: { cursor?: string; limit?: number; signal?: AbortSignal } = {},
) => api('listQuestions', { params: { projectId }, query: { cursor, limit }, signal });

/** The answering screen's list (every answering key starts with ['answering', projectId]). */
export const questionListQueryKey = (projectId: string) => ['answering', projectId, 'questions'] as const;

type PageParam = string | null;
export type QuestionListData = InfiniteData<QuestionPage, PageParam>;

export const questionListQueryOptions = (projectId: string) =>
  infiniteQueryOptions({
    queryKey: questionListQueryKey(projectId),
    initialPageParam: null as PageParam,
    queryFn: ({ pageParam, signal }) =>
      listQuestions(projectId, {
        cursor: pageParam ?? undefined,
        limit: pageParam === null ? FIRST_PAGE_LIMIT : NEXT_PAGE_LIMIT,
        signal,
      }),
    getNextPageParam: (last) => last.cursor,
  });

export interface QuestionList {
  /** The questions loaded so far, in the project's order. */
  questions: Question[];
  /** More pages are on their way (the list keeps loading them by itself). */
  loadingMore: boolean;
  /** Nothing has arrived yet. */
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** Tells failures apart (useErrorToast). */
  errorUpdatedAt: number;
}

/**
 * The project's question list, loaded page by page: the first page (200 rows) renders before the
 * rest arrives, then the next pages (1,000 rows each) follow one after the other.
 */
export function useQuestionList(projectId: string): QuestionList {
  const query = useInfiniteQuery(questionListQueryOptions(projectId));
  const { hasNextPage, isFetchingNextPage, isFetching, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetching, isError, fetchNextPage]);
  const questions = useMemo(() => {
    // A question added while later pages were loading may arrive twice: keep its first place.
    const seen = new Set<string>();
    const all: Question[] = [];
    for (const page of query.data?.pages ?? [])
      for (const q of page.items) {
        if (seen.has(q.questionId)) continue;
        seen.add(q.questionId);
        all.push(q);
      }
    return all;
  }, [query.data]);
  return {
    questions,
    loadingMore: query.isPending || (hasNextPage && !isError),
    isPending: query.isPending,
    isError,
    error: query.error,
    errorUpdatedAt: query.errorUpdatedAt,
  };
}

/**
 * Put a saved (or new) question into the cached list without a refetch: replaced where it stands,
 * or appended at the end when it is new. Call it after a save or an add.
 */
export function upsertQuestionInList(queryClient: QueryClient, projectId: string, question: Question) {
  queryClient.setQueryData<QuestionListData>(questionListQueryKey(projectId), (data) => {
    if (!data) return data;
    let found = false;
    const pages = data.pages.map((page) => {
      const index = page.items.findIndex((q) => q.questionId === question.questionId);
      if (index < 0) return page;
      found = true;
      const items = page.items.slice();
      items[index] = question;
      return { ...page, items };
    });
    if (!found && pages.length > 0) {
      const lastIndex = pages.length - 1;
      const last = pages[lastIndex];
      if (last) pages[lastIndex] = { ...last, items: [...last.items, question] };
    }
    return { ...data, pages };
  });
}

/** Take a deleted or unlinked question out of the cached list. */
export function removeQuestionFromList(queryClient: QueryClient, projectId: string, questionId: string) {
  queryClient.setQueryData<QuestionListData>(questionListQueryKey(projectId), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.items.some((q) => q.questionId === questionId)
          ? { ...page, items: page.items.filter((q) => q.questionId !== questionId) }
          : page,
      ),
    };
  });
}
