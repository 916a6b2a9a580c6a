import type { RouteBody } from '@shared/routes';
import type { UserSettings } from '@shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userSettingsQueryKey } from './get-user-settings';

export type UpdateUserSettingsInput = RouteBody<'updateUserSettings'>;

/** POST /api/user/settings/update: only the switches that changed; answers every switch. */
export const updateUserSettings = (body: UpdateUserSettingsInput) => api('updateUserSettings', { body });

/**
 * Save a change: the switch moves at once (optimistic) and the server's answer confirms it; a
 * failure puts the switch back where it was.
 */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: userSettingsQueryKey });
      const previous = queryClient.getQueryData<UserSettings>(userSettingsQueryKey);
      if (previous) queryClient.setQueryData<UserSettings>(userSettingsQueryKey, { ...previous, ...change });
      return { previous };
    },
    onError: (_error, change, context) => {
      const current = queryClient.getQueryData<UserSettings>(userSettingsQueryKey);
      if (!current || !context?.previous) return;
      // Only the keys of this change go back: another switch saved meanwhile keeps its value.
      const reverted = { ...current };
      for (const key of Object.keys(change) as (keyof UserSettings)[]) reverted[key] = context.previous[key];
      queryClient.setQueryData<UserSettings>(userSettingsQueryKey, reverted);
    },
    onSuccess: (settings, change) => {
      // The answer is authoritative for the switches this call changed; others may be in flight.
      const current = queryClient.getQueryData<UserSettings>(userSettingsQueryKey) ?? settings;
      const next = { ...current };
      for (const key of Object.keys(change) as (keyof UserSettings)[]) next[key] = settings[key];
      queryClient.setQueryData<UserSettings>(userSettingsQueryKey, next);
    },
  });
}
