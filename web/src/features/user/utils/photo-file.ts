import { LIMITS } from '@shared/constants';
import { PHOTO_TOO_LARGE_MESSAGE, PHOTO_TYPES } from '@shared/schemas/user';

export const PHOTO_NOT_AN_IMAGE_MESSAGE =
  'That file is not an image, please choose a PNG, JPEG, GIF or WebP image.';
/** What the file picker offers (the server checks the bytes again). */
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

/** Why a chosen file cannot be a profile photo (spec 000 §5: an image, at most 2MB), or null. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_NOT_AN_IMAGE_MESSAGE;
  if (file.size > LIMITS.photoBytes) return PHOTO_TOO_LARGE_MESSAGE;
  return null;
}

/** The name sent with the upload request: at most 255 characters, keeping the end (extension). */
export function photoFileName(file: { name: string }): string {
  const name = file.name.trim() || 'photo';
  return name.length > LIMITS.defaultInput ? name.slice(-LIMITS.defaultInput) : name;
}
