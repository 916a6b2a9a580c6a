import type { AnswerStatus, SearchLibraryRequest } from '@shared/schemas/answer';

/** The fixed collections of the library's left column (spec 002 §2.2), then the team's own. */
export const FIXED_COLLECTIONS = [
  { key: 'AVAILABLE', label: 'Available Answers' },
  { key: 'NEEDS_REVIEW', label: 'Needs Review' },
  { key: 'DUE_FOR_REVIEW', label: 'Due for review' },
  { key: 'CANDIDATES', label: 'Candidates' },
  { key: 'FAVOURITES', label: 'Favourites' },
  { key: 'ARCHIVE', label: 'Archive' },
] as const;
export type FixedCollection = (typeof FIXED_COLLECTIONS)[number]['key'];
/** A fixed collection, the glossary, or `collection:<id>` for one of the team's. */
export type CollectionKey = FixedCollection | 'GLOSSARY' | `collection:${string}`;

export const isTeamCollection = (key: CollectionKey): key is `collection:${string}` =>
  key.startsWith('collection:');

/** What the library search asks for in a collection (Candidates have their own list). */
export function searchRequestOf(key: CollectionKey, searchTerm: string): SearchLibraryRequest {
  const term = searchTerm.trim() ? { searchTerm: searchTerm.trim() } : {};
  if (isTeamCollection(key)) return { collectionId: key.slice('collection:'.length), ...term };
  return { view: key === 'CANDIDATES' || key === 'GLOSSARY' ? 'AVAILABLE' : key, ...term };
}

export type BulkAction = 'ARCHIVE' | 'FLAG' | 'MAKE_AVAILABLE' | 'DISCARD' | 'ADD_TO_LIBRARY';

/**
 * The bulk buttons a collection offers (spec 002 §4): archive except in Archive and Candidates; flag
 * except in Needs Review and Candidates; make available only in Needs Review and Archive; discard and
 * add to library only in Candidates.
 */
export function bulkActionsFor(key: CollectionKey): BulkAction[] {
  if (key === 'CANDIDATES') return ['DISCARD', 'ADD_TO_LIBRARY'];
  if (key === 'GLOSSARY') return [];
  const actions: BulkAction[] = [];
  if (key !== 'ARCHIVE') actions.push('ARCHIVE');
  if (key !== 'NEEDS_REVIEW') actions.push('FLAG');
  if (key === 'NEEDS_REVIEW' || key === 'ARCHIVE') actions.push('MAKE_AVAILABLE');
  return actions;
}

const answers = (n: number) => `${n} ${n === 1 ? 'Answer' : 'Answers'}`;

/** The button's label with the count (spec 002 §2.2). */
export function bulkLabel(action: BulkAction, n: number): string {
  switch (action) {
    case 'ARCHIVE':
      return `Archive ${answers(n)}`;
    case 'FLAG':
      return `Flag ${answers(n)} for Review`;
    case 'MAKE_AVAILABLE':
      return `Make ${answers(n)} available`;
    case 'DISCARD':
      return `Discard ${answers(n)}`;
    case 'ADD_TO_LIBRARY':
      return `Add ${answers(n)} to Library`;
  }
}

/** The status a bulk action sets on answers (candidate actions decide candidates instead). */
export const BULK_STATUS: Partial<Record<BulkAction, AnswerStatus>> = {
  ARCHIVE: 'ARCHIVED',
  FLAG: 'FLAGGED',
  MAKE_AVAILABLE: 'IN-USE',
};

/** The status pill a row shows when it is not available (spec 002 §2.2). */
export const STATUS_PILL: Partial<Record<AnswerStatus, { label: string; color: string }>> = {
  FLAGGED: { label: 'Needs Review', color: 'yellow' },
  ARCHIVED: { label: 'Archived', color: 'gray' },
};

export const CREATION_LABEL = {
  FROM_QUESTION: 'Answering Question',
  BULK_UPLOAD: 'Library Import',
  MANUALLY: 'Manually',
} as const;

/** A word as the server's search reads it: lower-case, accents folded. */
const fold = (word: string) =>
  word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * The words the server's search found in each answer of the pages loaded so far, by answerId (each
 * page's `highlights`), so a row marks its own words only: an answer without any marks none.
 */
export function foundByAnswer(
  pages: ReadonlyArray<{ highlights: Readonly<Record<string, readonly string[]>> }>,
): Map<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  for (const page of pages)
    for (const [answerId, words] of Object.entries(page.highlights)) found.set(answerId, words);
  return found;
}

/**
 * The parts of a text to mark for a search, for highlighting. With `found` (an answer's own words
 * the server found, see foundByAnswer: "encryption" also found "encrypted"), those words whole,
 * whatever their case or accents, and nothing else (none when it is empty). Without it (candidates,
 * searched here), every occurrence of the search's words.
 */
export function highlightParts(
  text: string,
  searchTerm: string,
  found?: readonly string[],
): Array<{ text: string; match: boolean }> {
  if (found) {
    const marked = new Set(found);
    const parts: Array<{ text: string; match: boolean }> = [];
    for (const [piece] of text.matchAll(/[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu)) {
      const match = /^[\p{L}\p{N}]/u.test(piece) && marked.has(fold(piece));
      const last = parts[parts.length - 1];
      if (last && last.match === match) last.text += piece;
      else parts.push({ text: piece, match });
    }
    return parts.length ? parts : [{ text, match: false }];
  }
  const words = searchTerm
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!words.length) return [{ text, match: false }];
  const pattern = new RegExp(`(${words.join('|')})`, 'gi');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: words.some((w) => new RegExp(`^${w}$`, 'i').test(part)) }));
}
