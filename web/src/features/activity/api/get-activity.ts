import { queryOptions, useQuery } from '@tanstack/react-query';
import { HEAT_MAP_DAYS } from '@/features/activity/utils/heat-map';
import { api } from '@/lib/api-client';

/** GET /api/user/activity?days: contributions per day, only for days with activity. */
export const getActivity = (days: number, signal?: AbortSignal) =>
  api('getActivity', { query: { days }, signal });

export const activityQueryKey = (days: number) => ['dashboard', 'activity', days] as const;

export const activityQueryOptions = (days = HEAT_MAP_DAYS) =>
  queryOptions({ queryKey: activityQueryKey(days), queryFn: ({ signal }) => getActivity(days, signal) });

export const useActivity = (days = HEAT_MAP_DAYS) => useQuery(activityQueryOptions(days));
