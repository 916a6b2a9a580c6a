import { type AnswerPage, LIBRARY_LIMITS, type SearchLibraryRequest } from '@shared/schemas/answer';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every library query starts with this, so one invalidation refreshes the whole screen. */
export const LIBRARY_QUERY_KEY = ['library'] as const;

/** POST /api/answers/search: one page (30) of a view or collection, searched, newest first. */
export const searchLibrary = (body: SearchLibraryRequest, offset: number, signal?: AbortSignal) =>
  api('searchLibrary', { body, query: { offset, limit: LIBRARY_LIMITS.pageSize }, signal });

export const libraryPagesQueryOptions = (body: SearchLibraryRequest) =>
  infiniteQueryOptions({
    queryKey: [...LIBRARY_QUERY_KEY, 'answers', body] as const,
    queryFn: ({ pageParam, signal }) => searchLibrary(body, pageParam, signal),
    initialPageParam: 0,
    // Load More while the pages loaded are full (spec 002 §9); a refresh reloads every page loaded.
    getNextPageParam: (last: AnswerPage, pages: AnswerPage[]) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length === LIBRARY_LIMITS.pageSize && loaded < last.total ? loaded : undefined;
    },
  });

export const useLibraryPages = (body: SearchLibraryRequest, enabled = true) =>
  useInfiniteQuery({ ...libraryPagesQueryOptions(body), enabled, placeholderData: keepPreviousData });
