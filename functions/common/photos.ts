/** Profile photo objects: where a user's photos live in the uploads bucket, and how they are read. */
import { presignDownload } from './storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Namespaced by team when the user has one, and always by user. */
export const photoPrefix = (userId: string, teamId?: string) =>
  teamId ? `teams/${teamId}/users/${userId}/photos/` : `users/${userId}/photos/`;

/** Only a key this user could have been given: one of their own prefixes and a generated name. */
export function isOwnPhotoKey(key: string, userId: string, teamId?: string) {
  const prefixes = teamId ? [photoPrefix(userId, teamId), photoPrefix(userId)] : [photoPrefix(userId)];
  return prefixes.some((prefix) => key.startsWith(prefix) && UUID.test(key.slice(prefix.length)));
}

/** A stored photo key as a URL the browser can show for an hour; no photo stays null. */
export async function photoUrl(key: string | null | undefined): Promise<string | null> {
  return key ? presignDownload(key) : null;
}
