import { LIMITS } from '@shared/constants';
import { PHOTO_TOO_LARGE_MESSAGE } from '@shared/schemas/user';

export const PHOTO_NOT_AN_IMAGE_MESSAGE =
  'That file is not an image, please choose an image file (such as PNG, JPEG or GIF).';

/** Why a chosen file cannot be a profile photo (spec 000 §5: an image, at most 2MB), or null. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!/^image\/[\w.+-]+$/.test(file.type)) return PHOTO_NOT_AN_IMAGE_MESSAGE;
  if (file.size > LIMITS.photoBytes) return PHOTO_TOO_LARGE_MESSAGE;
  return null;
}

/** The name sent with the upload request: at most 255 characters, keeping the end (extension). */
export function photoFileName(file: { name: string }): string {
  const name = file.name.trim() || 'photo';
  return name.length > LIMITS.defaultInput ? name.slice(-LIMITS.defaultInput) : name;
}
