import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RouteQuery } from '../../../../../shared/routes';
import { api } from '../../../lib/api-client';

/** Notifications per page on the notifications screen. */
export const NOTIFICATIONS_PAGE_SIZE = 25;

export type NotificationsPage = RouteQuery<'listNotifications'>;

/** GET /api/notifications?limit&before: the caller's notifications, newest first. */
export const listNotifications = (page: NotificationsPage, signal?: AbortSignal) =>
  api('listNotifications', { query: page, signal });

/** Every notifications query starts with 'notifications' (live events refresh them by that root). */
export const notificationsQueryKey = ['notifications', 'list'] as const;

/** Pages of notifications; the next page starts before the last notification of the previous one. */
export const notificationsInfiniteQueryOptions = (limit = NOTIFICATIONS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...notificationsQueryKey, limit],
    queryFn: ({ pageParam, signal }) =>
      listNotifications(pageParam ? { limit, before: pageParam } : { limit }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.length < limit ? undefined : lastPage[lastPage.length - 1]?.notificationId,
  });

export const useNotifications = (limit = NOTIFICATIONS_PAGE_SIZE) =>
  useInfiniteQuery(notificationsInfiniteQueryOptions(limit));
