/**
 * A user's e-mail switches as every part of the server reads them: what they saved, over the
 * defaults for whatever they never saved. Reactions ask this before e-mailing someone.
 */
import type { UserSettings } from '../../shared/schemas/user';
import { DEFAULT_USER_SETTINGS, EMAIL_SETTINGS } from '../../shared/schemas/values';

/** The stored switches (each may be absent), as on the user entity's `settings`. */
export type StoredUserSettings = Partial<Record<keyof UserSettings, boolean | undefined>>;

export function emailSettingsOf(
  user: { settings?: StoredUserSettings | null } | null | undefined,
): UserSettings {
  const stored = user?.settings ?? {};
  const settings = { ...DEFAULT_USER_SETTINGS };
  for (const name of EMAIL_SETTINGS) {
    const value = stored[name];
    if (typeof value === 'boolean') settings[name] = value;
  }
  return settings;
}
