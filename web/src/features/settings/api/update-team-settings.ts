import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamSettingsQueryKey } from './get-team-settings';

export type UpdateTeamSettingsInput = RouteBody<'updateTeamSettings'>;

/** POST /api/team/settings/update: only the changed fields; answers the whole saved team. */
export const updateTeamSettings = (body: UpdateTeamSettingsInput) => api('updateTeamSettings', { body });

/** The answer replaces the cached settings. */
export function useUpdateTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamSettings,
    onSuccess: (settings) => queryClient.setQueryData(teamSettingsQueryKey, settings),
  });
}
