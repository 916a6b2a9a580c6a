/**
 * What can carry tags, and how labels compare. Pure: the entities, the resolver and the unit tests
 * share it. Answers of the library join TAGGABLE_KINDS (and the resolver in resources.ts) later.
 */
export const TAGGABLE_KINDS = ['PROJECT'] as const;
export type TaggableKind = (typeof TAGGABLE_KINDS)[number];

/**
 * The key two labels share when they are the same tag: case-insensitive, Unicode-compatible forms
 * folded (NFKC), runs of white space counted as one. The label itself is already trimmed and
 * checked by TagLabel.
 */
export function labelKeyOf(label: string): string {
  return label.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The order of the sort key (UTF-8 bytes of the label key), as a Query answers. */
export const inLabelOrder = <T extends { labelKey: string }>(items: T[]) =>
  [...items].sort((a, b) => Buffer.compare(Buffer.from(a.labelKey), Buffer.from(b.labelKey)));
