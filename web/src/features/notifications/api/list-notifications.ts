import type { RouteQuery } from '@shared/routes';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Notifications per page on the notifications screen. */
export const NOTIFICATIONS_PAGE_SIZE = 25;
/** How many of the newest notifications the dashboard panel shows. */
export const DASHBOARD_NOTIFICATIONS_LIMIT = 6;

export type NotificationsPage = RouteQuery<'listNotifications'>;

/** GET /api/notifications?limit&before: the caller's notifications, newest first. */
export const listNotifications = (page: NotificationsPage, signal?: AbortSignal) =>
  api('listNotifications', { query: page, signal });

/** The root of every notifications query: live events and mark-as-read refresh them all by it. */
export const notificationsQueryRoot = ['notifications'] as const;

export const notificationsQueryKey = [...notificationsQueryRoot, 'list'] as const;

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

/** Under notificationsQueryRoot: live NOTIFICATION_CREATED events and mark-as-read refresh it. */
export const dashboardNotificationsQueryKey = (limit: number) =>
  [...notificationsQueryRoot, 'dashboard', limit] as const;

/** Only the newest `limit` notifications: one page, for the dashboard panel. */
export const dashboardNotificationsQueryOptions = (limit = DASHBOARD_NOTIFICATIONS_LIMIT) =>
  queryOptions({
    queryKey: dashboardNotificationsQueryKey(limit),
    queryFn: ({ signal }) => listNotifications({ limit }, signal),
  });

export const useDashboardNotifications = (limit = DASHBOARD_NOTIFICATIONS_LIMIT) =>
  useQuery(dashboardNotificationsQueryOptions(limit));
