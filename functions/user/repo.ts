/** The user group's access patterns, named. */
import { db } from '../common/entities';
import { sessionMark } from '../common/events';
import { membershipStatus } from '../common/team-directory';

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
export async function updateProfile(
  userId: string,
  changes: { givenName?: string; lastName?: string; photo?: string | null },
  sessionId: string | null,
) {
  const { photo, ...names } = changes;
  const set = { ...names, ...(photo ? { photo } : {}), changedBySession: sessionMark(sessionId) };
  const update = db().entities.user.patch({ userId }).set(set).add({ version: 1 });
  const { data } = await (photo === null ? update.remove(['photo']) : update).go({ response: 'all_new' });
  return data;
}

export async function recordLastSeen(userId: string, lastSeen: string) {
  await db().entities.user.patch({ userId }).set({ lastSeen }).go();
}
