import type { UserSettings } from '@shared/schemas/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { UserSettings };

/** GET /api/user/settings: the caller's e-mail switches (the defaults until first saved). */
export const getUserSettings = (signal?: AbortSignal) => api('getUserSettings', { signal });

export const userSettingsQueryKey = ['settings', 'user'] as const;

export const userSettingsQueryOptions = () =>
  queryOptions({ queryKey: userSettingsQueryKey, queryFn: ({ signal }) => getUserSettings(signal) });

export const useUserSettings = () => useQuery(userSettingsQueryOptions());
