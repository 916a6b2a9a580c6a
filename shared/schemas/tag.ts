/** Tags (spec 002 §7.2) on a resource (a project now; answers with the library). */
import * as z from 'zod';

export const TAG_MAX = 100;
export const TAG_MESSAGE = 'A tag needs 1 to 100 characters, without commas or semicolons';
/** At most this many tags on one resource. */
export const TAGS_PER_RESOURCE = 50;

export const TagLabel = z
  .string({ error: TAG_MESSAGE })
  .trim()
  .min(1, { message: TAG_MESSAGE, abort: true })
  .max(TAG_MAX, TAG_MESSAGE)
  .regex(/^[^,;]+$/, TAG_MESSAGE);
export const Tag = z.object({ tagLabel: z.string() });
export type Tag = z.infer<typeof Tag>;
export const TagRequest = z.strictObject({ tagLabel: TagLabel });

/**
 * The key two labels share when they are the same tag: case-insensitive, Unicode-compatible forms
 * folded (NFKC), runs of white space counted as one. The label itself is already trimmed and
 * checked by TagLabel.
 */
export function labelKeyOf(label: string): string {
  return label.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
