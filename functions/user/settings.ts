/**
 * The caller's e-mail switches (spec 002 §2.6 "my settings"). Reading answers what they saved over
 * the defaults; saving changes only the switches sent. The admin-only switch (an e-mail whenever
 * someone in the team creates a project) can be turned on only with NOTIFY_PROJECT_CREATION;
 * turning it off, and the other four, need no team at all.
 */
import type { UserSettings } from '../../shared/schemas/user';
import type { Caller } from '../common/caller';
import { ForbiddenError, NotFoundError } from '../common/errors';
import { emailSettingsOf } from '../common/user-settings';
import * as repo from './repo';

export const PROJECT_CREATED_SETTING_FORBIDDEN =
  'Only administrators can receive an e-mail when a project is created';

function registered(caller: Caller) {
  if (!caller.user) throw new NotFoundError('User not registered');
  return caller.user;
}

export async function getUserSettings(caller: Caller): Promise<UserSettings> {
  return emailSettingsOf(registered(caller));
}

export async function updateUserSettings(
  caller: Caller,
  changes: repo.SettingsChanges,
): Promise<UserSettings> {
  const user = registered(caller);
  if (changes.sendEmailOnProjectCreated === true && !caller.permissions.NOTIFY_PROJECT_CREATION) {
    throw new ForbiddenError(PROJECT_CREATED_SETTING_FORBIDDEN);
  }
  const settings = await repo.updateSettings(user.userId, changes, user.settings !== undefined);
  return emailSettingsOf({ settings });
}
