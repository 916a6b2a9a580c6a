/** Profile photo objects: where a user's photos live in the uploads bucket, and how they are read. */
import { presignDownload } from './storage';

/** Namespaced by team when the user has one, and always by user. */
export const photoPrefix = (userId: string, teamId?: string) =>
  teamId ? `teams/${teamId}/users/${userId}/photos/` : `users/${userId}/photos/`;

/** A stored photo key as a URL the browser can show for an hour; no photo stays null. */
export async function photoUrl(key: string | null | undefined): Promise<string | null> {
  return key ? presignDownload(key) : null;
}
