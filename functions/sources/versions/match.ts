/**
 * Matching the questions of a questionnaire's previous version to the rows of its new one (issue 27
 * part 1), as pure data: first the same wording (normalised) and reference, then the same wording
 * alone (rows inserted above renumber the rest), then the most similar remaining wording — a
 * reference kept by both sides, or the same place between questions already matched (as a diff of
 * two texts pairs changed lines between unchanged ones), lowers the bar. Each question matches at most one row, so applying
 * the result never duplicates a question; whatever stays unmatched is new (rows) or removed
 * (questions).
 */

export interface PreviousQuestion {
  id: string;
  question: string;
  referenceNumber?: string;
}

export interface NextRow {
  key: string;
  question: string;
  referenceNumber?: string;
}

export interface VersionMatch {
  id: string;
  key: string;
  kind: 'UNCHANGED' | 'REWORDED';
}

export interface VersionMatching {
  matches: VersionMatch[];
  /** Rows of the new file no question matched, in their order. */
  added: string[];
  /** Questions no row of the new file matched, in their order. */
  removed: string[];
}

/** Similarity (0..1) at or above which two wordings are one question reworded. */
export const REWORDED_SIMILARITY = 0.6;
/** The bar when both carry the same reference, or sit at the same place between matched questions. */
export const REWORDED_SIMILARITY_SAME_REFERENCE = 0.4;

/** Wording compared as a reader would: case, accents, punctuation and spacing aside. */
export const normaliseWording = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const normaliseReference = (reference: string | undefined) =>
  (reference ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '');

const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from has have how in is it its of on or our please the their this to what when where which who will with you your yours'.split(
    ' ',
  ),
);

/** A crude stem: enough for "encrypt", "encrypted", "encryption" and "encrypts" to meet. */
const stem = (word: string) => word.replace(/(ations?|ions?|ing|ed|es|s|ly)$/, '') || word;

function termsOf(text: string): Set<string> {
  return new Set(
    normaliseWording(text)
      .split(' ')
      .filter((word) => word && !STOP_WORDS.has(word))
      .map(stem),
  );
}

/** Dice's coefficient of the two wordings' content-word stems. */
export function wordingSimilarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** Pairs equal keys in order (the n-th of a wording with the n-th of the same wording). */
function pairInOrder<T, U>(
  previous: T[],
  next: U[],
  keyOfPrevious: (item: T) => string,
  keyOfNext: (item: U) => string,
  pair: (p: T, n: U) => void,
) {
  const waiting = new Map<string, U[]>();
  for (const n of next) {
    const key = keyOfNext(n);
    const queue = waiting.get(key);
    if (queue) queue.push(n);
    else waiting.set(key, [n]);
  }
  for (const p of previous) {
    const candidate = waiting.get(keyOfPrevious(p))?.shift();
    if (candidate) pair(p, candidate);
  }
}

export function matchVersions(previous: PreviousQuestion[], next: NextRow[]): VersionMatching {
  const matches: VersionMatch[] = [];
  const usedIds = new Set<string>();
  const usedKeys = new Set<string>();
  const pair = (p: PreviousQuestion, n: NextRow, kind: VersionMatch['kind']) => {
    usedIds.add(p.id);
    usedKeys.add(n.key);
    matches.push({ id: p.id, key: n.key, kind });
  };
  const openPrevious = () => previous.filter((p) => !usedIds.has(p.id));
  const openNext = () => next.filter((n) => !usedKeys.has(n.key));

  // 1. The same wording under the same reference; 2. the same wording, renumbered.
  const withReference = (item: PreviousQuestion | NextRow) =>
    `${normaliseReference(item.referenceNumber)}\u0000${normaliseWording(item.question)}`;
  pairInOrder(previous, next, withReference, withReference, (p, n) => pair(p, n, 'UNCHANGED'));
  const wording = (item: PreviousQuestion | NextRow) => normaliseWording(item.question);
  pairInOrder(openPrevious(), openNext(), wording, wording, (p, n) => pair(p, n, 'UNCHANGED'));

  // 3. The most similar remaining wordings, best pairs first. A question's place is the matched
  // question before it (in the previous file), a row's the question matched to the row before it.
  const partnerOf = new Map(matches.map((m) => [m.key, m.id]));
  const placeOfPrevious = new Map<string, string>();
  let anchor = '^';
  for (const p of previous) {
    if (usedIds.has(p.id)) anchor = p.id;
    else placeOfPrevious.set(p.id, anchor);
  }
  const placeOfNext = new Map<string, string>();
  anchor = '^';
  for (const n of next) {
    const partner = partnerOf.get(n.key);
    if (partner) anchor = partner;
    else placeOfNext.set(n.key, anchor);
  }
  const left = openPrevious().map((p) => ({ p, terms: termsOf(p.question) }));
  const right = openNext().map((n) => ({ n, terms: termsOf(n.question) }));
  const candidates: Array<{ score: number; p: PreviousQuestion; n: NextRow }> = [];
  for (const { p, terms } of left) {
    const reference = normaliseReference(p.referenceNumber);
    for (const { n, terms: nextTerms } of right) {
      const score = wordingSimilarity(terms, nextTerms);
      const sameReference = reference !== '' && reference === normaliseReference(n.referenceNumber);
      const samePlace = placeOfPrevious.get(p.id) === placeOfNext.get(n.key);
      const bar = sameReference || samePlace ? REWORDED_SIMILARITY_SAME_REFERENCE : REWORDED_SIMILARITY;
      // A shared reference or place ranks a pair above an equally similar one without it.
      const bonus = (sameReference ? 0.25 : 0) + (samePlace ? 0.25 : 0);
      if (score >= bar) candidates.push({ score: score + bonus, p, n });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  for (const { p, n } of candidates) {
    if (!usedIds.has(p.id) && !usedKeys.has(n.key)) pair(p, n, 'REWORDED');
  }

  return {
    matches,
    added: openNext().map((n) => n.key),
    removed: openPrevious().map((p) => p.id),
  };
}

/**
 * The ids of the new rows' questions, so the project's list (in id order) reads as the new file: a
 * new row's question sorts right after the question of the row it follows (that id, extended), or
 * before the first matched one when it opens the file. Decided once, with the comparison, so a
 * redelivered apply writes the same ids.
 */
export function placeNewRows(rowsInOrder: string[], matchedId: Map<string, string>) {
  const placed: Record<string, string> = {};
  const first = rowsInOrder.map((key) => matchedId.get(key)).find(Boolean);
  if (!first) return placed;
  // Just before the first: its time part one tick earlier (see newQuestionId).
  const before = `${(Number.parseInt(first.slice(0, 9), 36) - 1).toString(36).padStart(9, '0')}${first.slice(9)}`;
  let anchor = before;
  let following = 0;
  for (const key of rowsInOrder) {
    const id = matchedId.get(key);
    if (id) {
      anchor = id;
      following = 0;
    } else placed[key] = `${anchor}${(++following).toString(36).padStart(3, '0')}`;
  }
  return placed;
}
