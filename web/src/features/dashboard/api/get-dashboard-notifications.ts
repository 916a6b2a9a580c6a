import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How many of the newest notifications the dashboard panel shows. */
export const DASHBOARD_NOTIFICATIONS_LIMIT = 6;

/** GET /api/notifications?limit: the caller's newest notifications. */
export const getDashboardNotifications = (limit: number, signal?: AbortSignal) =>
  api('listNotifications', { query: { limit }, signal });

/** Starts with 'notifications': live NOTIFICATION_CREATED events and mark-as-read refresh it. */
export const dashboardNotificationsQueryKey = (limit: number) =>
  ['notifications', 'dashboard', limit] as const;

export const dashboardNotificationsQueryOptions = (limit = DASHBOARD_NOTIFICATIONS_LIMIT) =>
  queryOptions({
    queryKey: dashboardNotificationsQueryKey(limit),
    queryFn: ({ signal }) => getDashboardNotifications(limit, signal),
  });

export const useDashboardNotifications = (limit = DASHBOARD_NOTIFICATIONS_LIMIT) =>
  useQuery(dashboardNotificationsQueryOptions(limit));
