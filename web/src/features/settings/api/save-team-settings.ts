import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoFileName } from '@/features/settings/utils/team-settings';
import { logAppError } from '@/lib/app-error';
import { uploadFile } from '@/lib/upload';
import { teamSettingsQueryKey } from './get-team-settings';
import { type LogoUploadInput, requestLogoUpload } from './request-logo-upload';
import { type UpdateTeamSettingsInput, updateTeamSettings } from './update-team-settings';

export interface SaveTeamSettingsInput {
  changes: Omit<UpdateTeamSettingsInput, 'teamLogo'>;
  /** A new logo chosen: uploaded first, then named in the update. */
  logo?: File | null;
}

/**
 * Save the Team tab: a new logo goes to its presigned POST first (as every upload), and its staged
 * key joins the changed fields in one update. The answer replaces the cached settings.
 */
export async function saveTeamSettings({ changes, logo }: SaveTeamSettingsInput) {
  const body: UpdateTeamSettingsInput = { ...changes };
  if (logo) {
    const started = await requestLogoUpload({
      fileName: logoFileName(logo),
      contentType: logo.type as LogoUploadInput['contentType'],
      sizeBytes: logo.size,
    });
    try {
      await uploadFile(started.upload, logo);
    } catch (error) {
      logAppError('uploadTeamLogo', error);
      throw error;
    }
    body.teamLogo = started.teamLogo;
  }
  return updateTeamSettings(body);
}

export function useSaveTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeamSettings,
    onSuccess: (settings) => queryClient.setQueryData(teamSettingsQueryKey, settings),
  });
}
