import type { TeamSettings } from '@shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { TeamSettings };

/** GET /api/team/settings: name, website, logo (a short-lived link), redemption code and library flags. */
export const getTeamSettings = (signal?: AbortSignal) => api('getTeamSettings', { signal });

export const teamSettingsQueryKey = ['settings', 'team'] as const;

export const teamSettingsQueryOptions = () =>
  queryOptions({
    queryKey: teamSettingsQueryKey,
    queryFn: ({ signal }) => getTeamSettings(signal),
    // The form compares with what was read; a refetch behind the user's back would not help.
    refetchOnWindowFocus: false,
  });

/** Only for UPDATE_TEAM: the tab is not offered to others. */
export const useTeamSettings = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...teamSettingsQueryOptions(), enabled });
