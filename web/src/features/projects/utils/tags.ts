/** Tag badges (spec 001 §9): labels longer than 30 characters are cut with an ellipsis. Pure. */
export const TAG_BADGE_MAX = 30;

export const truncateTag = (label: string, max: number = TAG_BADGE_MAX): string =>
  label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label;

/** What changed between two lists of tags, compared without regard to case. */
export function tagChanges(before: readonly string[], after: readonly string[]) {
  const key = (label: string) => label.trim().toLowerCase();
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return {
    added: after.filter((label) => !had.has(key(label))),
    removed: before.filter((label) => !has.has(key(label))),
  };
}
