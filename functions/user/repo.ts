/** The user group's access patterns, named. */
import type { EmailSetting } from '../../shared/schemas/user';
import { db } from '../common/entities';
import { isConditionFailure } from '../common/errors';
import { sessionMark } from '../common/session-mark';
import { membershipStatus } from '../common/team-directory';
import { lockedWrite, sameVersion } from '../common/versioned';

/** Whether any invitation is pending for this e-mail (one item read from the sparse index). */
export async function hasPendingInvitation(email: string) {
  const { data } = await db()
    .entities.membership.query.byInvitedEmail({ invitedEmail: email })
    .go({ limit: 1 });
  return data.length > 0;
}

/** Teams of a user's accepted memberships. */
export async function acceptedTeamIds(userId: string) {
  const { data } = await db().entities.membership.query.byUser({ userId }).go({ pages: 'all' });
  return data.filter((m) => membershipStatus(m) === 'ACTIVE').map((m) => m.teamId);
}

/**
 * Changes profile fields of a user, recording the browser session that made the change (its own
 * live event is marked `self` there). Returns the item as stored.
 */
/** Changes the profile; with `expectedVersion`, a newer stored version answers 409 (see versioned.ts). */
export async function updateProfile(
  userId: string,
  changes: { givenName?: string; lastName?: string; photo?: string | null },
  sessionId: string | null,
  expectedVersion?: number,
) {
  const { photo, ...names } = changes;
  const set = { ...names, ...(photo ? { photo } : {}), changedBySession: sessionMark(sessionId) };
  const update = db().entities.user.patch({ userId }).set(set).add({ version: 1 });
  const { data } = await lockedWrite(() =>
    (photo === null ? update.remove(['photo']) : update)
      .where(({ version }, { eq }) => sameVersion(version, eq, expectedVersion))
      .go({ response: 'all_new' }),
  );
  return data;
}

export async function recordLastSeen(userId: string, lastSeen: string) {
  await db().entities.user.patch({ userId }).set({ lastSeen }).go();
}

export type SettingsChanges = Partial<Record<EmailSetting, boolean>>;

/**
 * Sets only the switches given, in one UpdateItem (the others are not read or written), and answers
 * the stored switches. A nested path can only be set inside an existing map, so the caller says
 * whether the user record has one (`hasSettings`, from the record it loaded for this request); if
 * that changed in the meantime the condition fails and the other form is used.
 */
export async function updateSettings(userId: string, changes: SettingsChanges, hasSettings: boolean) {
  for (let attempt = 0, existing = hasSettings; attempt < 3; attempt++, existing = !existing) {
    try {
      const update = existing
        ? db()
            .entities.user.patch({ userId })
            .data((attr, op) => {
              for (const [name, value] of Object.entries(changes) as Array<[EmailSetting, boolean]>)
                op.set(attr.settings[name], value);
            })
            .where((attr, op) => op.exists(attr.settings))
        : db()
            .entities.user.patch({ userId })
            .set({ settings: changes })
            .where((attr, op) => op.notExists(attr.settings));
      const { data } = await update.go({ response: 'all_new' });
      return data.settings;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error('Saving the settings kept conflicting');
}
