import { randomUUID } from 'node:crypto';
import { LIMITS } from '../../shared/constants';
import { DEFAULT_ROLES } from '../../shared/permissions';
import {
  type AccountStatus,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  PHOTO_TYPES,
  type User,
} from '../../shared/schemas/user';
import { type ActivityInput, activityByDay, recordActivityEvent } from '../common/activity';
import type { Caller } from '../common/caller';
import { ForbiddenError, NotFoundError } from '../common/errors';
import { logger } from '../common/logger';
import { photoPrefix, photoUrl } from '../common/photos';
import { deleteUpload } from '../common/storage';
import { teamGroupNames, teamsById } from '../common/team-directory';
import { acceptUpload, isStagingKeyOf, startUpload, type UploadRule } from '../common/uploads';
import * as repo from './repo';

type RegisteredCaller = Caller & { user: NonNullable<Caller['user']> };

function requireUser(caller: Caller): RegisteredCaller {
  if (!caller.user) throw new NotFoundError('User not registered');
  return caller as RegisteredCaller;
}

export async function getCurrentUser(caller: Caller): Promise<User> {
  const { user, membership } = requireUser(caller);
  const groupName = membership
    ? (await teamGroupNames(membership.teamId, [membership.groupId])).get(membership.groupId)
    : undefined;
  const role = membership ? DEFAULT_ROLES.find((r) => r.code === membership.roleCode) : undefined;
  return {
    userId: user.userId,
    givenName: user.givenName,
    lastName: user.lastName,
    fullName: `${user.givenName} ${user.lastName}`.trim(),
    emailAddress: user.emailAddress,
    // The stored value is an object key; the browser gets a short-lived URL to it.
    photo: await photoUrl(user.photo),
    status: user.status,
    teamId: membership ? (user.teamId ?? null) : null,
    role: role ? { name: role.name, code: role.code } : null,
    group: groupName ? { groupName } : null,
    createdAt: user.createdAt,
    version: user.version ?? 1,
  };
}

/** Drives routing after sign-in (spec 000 §2.3). */
export async function getAccountStatus(caller: Caller): Promise<AccountStatus> {
  if (!caller.user) return 'USER_NOT_REGISTERED';
  if (caller.membership) return 'USER_ACCOUNT_READY';
  return (await repo.hasPendingInvitation(caller.user.emailAddress))
    ? 'USER_HAS_INVITATIONS'
    : 'USER_HAS_NO_INVITATIONS';
}

/** Saves the caller's names (already trimmed and checked by the request schema). */
export async function updateProfile(
  caller: Caller,
  { version, ...names }: { givenName: string; lastName: string; version?: number },
  sessionId: string | null = null,
) {
  const { user } = requireUser(caller);
  const data = await repo.updateProfile(user.userId, names, sessionId, version);
  return getCurrentUser({ ...caller, user: { ...user, ...data } });
}

/** The team page's Last Seen. */
export async function recordLoggedIn(caller: Caller) {
  const { user } = requireUser(caller);
  const lastSeen = new Date().toISOString();
  await repo.recordLastSeen(user.userId, lastSeen);
  return { lastSeen };
}

/** The body's userId is ignored: an event is always the verified caller's. */
export async function recordActivity(caller: Caller, event: ActivityInput) {
  await recordActivityEvent(caller.identity.sub, caller.membership?.teamId, event);
  return { ok: true as const };
}

export const getActivity = (caller: Caller, days: number) => activityByDay(caller.identity.sub, days);

/** Teams of the caller's accepted memberships; `current` marks the one requests act in. */
export async function getUserTeams(caller: Caller) {
  if (!caller.user) return [];
  const teamIds = await repo.acceptedTeamIds(caller.user.userId);
  // The current membership is known already, even if it predates the byUser sort key.
  if (caller.membership && !teamIds.includes(caller.membership.teamId))
    teamIds.push(caller.membership.teamId);
  const teams = await teamsById(teamIds);
  return [...teams.values()].map((team) => ({
    teamId: team.teamId,
    name: team.name,
    current: team.teamId === caller.membership?.teamId,
  }));
}

const PHOTO_RULE: UploadRule = {
  maxBytes: LIMITS.photoBytes,
  types: PHOTO_TYPES,
  tooLarge: PHOTO_TOO_LARGE_MESSAGE,
  wrongType: PHOTO_TYPE_MESSAGE,
};
const photoStaging = (userId: string) => `users/${userId}/photos`;

export async function requestPhotoUpload(caller: Caller, contentType: string) {
  const { user } = requireUser(caller);
  const { key, upload } = await startUpload(photoStaging(user.userId), contentType, PHOTO_RULE);
  return { upload, photo: key };
}

/** Checks what was really uploaded (the browser's claims are not trusted) before using it. */
export async function completePhotoUpload(caller: Caller, photo: string, sessionId: string | null = null) {
  const { user, membership } = requireUser(caller);
  if (!isStagingKeyOf(photo, photoStaging(user.userId))) {
    throw new ForbiddenError('That photo does not belong to you');
  }
  const accepted = await acceptUpload(
    photo,
    `${photoPrefix(user.userId, membership?.teamId)}${randomUUID()}`,
    PHOTO_RULE,
  );
  const data = await repo.updateProfile(user.userId, { photo: accepted.key }, sessionId);
  if (user.photo && user.photo !== accepted.key) await deleteQuietly(user.photo);
  return getCurrentUser({ ...caller, user: { ...user, ...data } });
}

export async function removePhoto(caller: Caller, sessionId: string | null = null) {
  const { user } = requireUser(caller);
  if (!user.photo) return getCurrentUser(caller);
  const data = await repo.updateProfile(user.userId, { photo: null }, sessionId);
  await deleteQuietly(user.photo);
  return getCurrentUser({ ...caller, user: { ...user, ...data, photo: undefined } });
}

/** The profile no longer points at the old object; failing to delete it must not fail the request. */
async function deleteQuietly(key: string) {
  try {
    await deleteUpload(key);
  } catch (error) {
    logger.warn('could not delete a replaced photo', { key, error: (error as Error).message });
  }
}
