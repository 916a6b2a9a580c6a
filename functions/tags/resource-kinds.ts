/**
 * What can carry tags, and how labels compare. Pure: the entities, the resolver and the unit tests
 * share it. Library answers keep their tags on the answer itself (functions/library, updateAnswer).
 */
export const TAGGABLE_KINDS = ['PROJECT'] as const;
export type TaggableKind = (typeof TAGGABLE_KINDS)[number];

export { labelKeyOf } from '../../shared/schemas/tag';

/** The order of the sort key (UTF-8 bytes of the label key), as a Query answers. */
export const inLabelOrder = <T extends { labelKey: string }>(items: T[]) =>
  [...items].sort((a, b) => Buffer.compare(Buffer.from(a.labelKey), Buffer.from(b.labelKey)));
