/** Sharing Settings (spec 001 §4): the member list of a PRIVATE project. Pure. */

/**
 * The list the dialog starts from: the owner (creator) first, then the caller, then the others as
 * stored; the owner and the caller are always on it.
 */
export function sharingMembers(shareWith: readonly string[], owner: string, me: string): string[] {
  const list = [owner, me, ...shareWith].filter((id) => id !== '');
  return [...new Set(list)];
}

/** The same people, in any order. */
export function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}
