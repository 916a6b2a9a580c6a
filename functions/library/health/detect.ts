/**
 * Library health (issue 28 part 2): near-duplicate questions of the library, grouped, and the
 * conflicts among each group's answers. Pure functions over the answers, so the job, the bench and
 * the unit tests run the same code.
 *
 * Two entries are near-duplicates when their questions, read through the suggestion engine's
 * analysis (search/analyzer.ts: vocabulary concepts, so "2FA" and "multi-factor authentication" are
 * one term, and stems of the other words), are close: the cosine of their IDF-weighted term sets is
 * at least DUPLICATE_THRESHOLD, calibrated on the labelled pairs of test/fixtures/library-health
 * (npm run bench -- --only health). The engine's `search` is not used to find candidates: it keeps
 * one entry per distinct answer, and entries that share their answer are the commonest duplicates;
 * and one search per entry would cost a 20,000-entry library seconds. Candidates come from an
 * inverted index of the terms instead (each term weighted by its IDF: squared IDF, as a TF-IDF cosine
 * would, lost recall on the labelled pairs at every precision), skipping terms most of the library holds (they say nothing
 * about which question is meant, and they would make the job compare every pair).
 *
 * Groups are built best pair first; two groups join only when no pair across them was marked
 * distinct by a user, so "Mark distinct" holds even when a third entry resembles both, and when
 * most pairs across them are close (mayJoin). Conflicts are looked for between answers whose
 * questions are themselves close.
 */
import { createHash } from 'node:crypto';
import { analyze } from '../search/analyzer';

export interface HealthEntry {
  answerId: string;
  originalQuestion: string;
  answer: string;
  responseClassification?: string;
}

/**
 * Calibrated on test/fixtures/library-health/pairs.json (the bench prints precision and recall) and
 * on the answer bank, whose questions are all distinct (the bench prints the pairs flagged there):
 * precision first, as a list of false duplicates teaches users to ignore the view.
 */
export const DUPLICATE_THRESHOLD = 0.4;

/** Terms two questions must share (three lost most of the recall on the labelled pairs). */
const MIN_SHARED = 2;
/** …unless that one term is most of both questions ("bug bounty programme?" / "a bug bounty program open to security researchers?"). */
const LONE_TERM_MIN = 0.65;

/** A term in more than this share of the library (and this many entries) finds no candidates. */
const COMMON_SHARE = 0.02;
const COMMON_MIN = 40;

export interface DuplicatePair {
  a: number;
  b: number;
  similarity: number;
}

interface Vectors {
  terms: Int32Array[];
  norms: Float64Array;
  weights: Float64Array;
  postings: number[][];
}

function vectorsOf(questions: string[]): Vectors {
  const ids = new Map<string, number>();
  const terms = questions.map((q) => {
    const own = new Set<number>();
    for (const term of analyze(q)) {
      let id = ids.get(term);
      if (id === undefined) {
        id = ids.size;
        ids.set(term, id);
      }
      own.add(id);
    }
    return Int32Array.from(own).sort();
  });
  const postings: number[][] = Array.from({ length: ids.size }, () => []);
  terms.forEach((own, entry) => {
    for (const t of own) postings[t].push(entry);
  });
  const n = questions.length;
  const weights = new Float64Array(ids.size);
  for (let t = 0; t < ids.size; t++) {
    const idf = Math.log(1 + (n - postings[t].length + 0.5) / (postings[t].length + 0.5));
    weights[t] = idf;
  }
  const norms = new Float64Array(n);
  terms.forEach((own, entry) => {
    let sum = 0;
    for (const t of own) sum += weights[t];
    norms[entry] = Math.sqrt(sum);
  });
  return { terms, norms, weights, postings };
}

/** The similarity of two questions on their own (the same measure, their IDF from the two alone is meaningless, so from `corpus`). */
export function questionSimilarity(a: string, b: string, corpus: string[] = []): number {
  const v = vectorsOf([a, b, ...corpus]);
  return pairScore(v, 0, 1);
}

function pairScore(v: Vectors, i: number, j: number) {
  if (!v.norms[i] || !v.norms[j]) return 0;
  // Both term lists are sorted: one pass over each.
  const x = v.terms[i];
  const y = v.terms[j];
  let dot = 0;
  let shared = 0;
  for (let p = 0, q = 0; p < x.length && q < y.length; ) {
    if (x[p] < y[q]) p++;
    else if (x[p] > y[q]) q++;
    else {
      dot += v.weights[x[p]];
      shared++;
      p++;
      q++;
    }
  }
  // One term in common is how unrelated questions meet ("staff", "customer data"), even when it is
  // a vocabulary concept (they are broad): not a duplicate.
  const score = dot / (v.norms[i] * v.norms[j]);
  return shared < MIN_SHARED && score < LONE_TERM_MIN ? 0 : score;
}

/** Every pair of questions at or above `threshold`, by index into `questions`. */
export function duplicatePairs(questions: string[], threshold = DUPLICATE_THRESHOLD): DuplicatePair[] {
  const v = vectorsOf(questions);
  const n = questions.length;
  const common = Math.max(COMMON_MIN, n * COMMON_SHARE);
  const dots = new Float64Array(n);
  const touched: number[] = [];
  const pairs: DuplicatePair[] = [];
  for (let i = 0; i < n; i++) {
    if (!v.norms[i]) continue;
    for (const t of v.terms[i]) {
      const list = v.postings[t];
      if (list.length > common) continue;
      const w = v.weights[t];
      for (const j of list) {
        if (j <= i) continue;
        if (dots[j] === 0) touched.push(j);
        dots[j] += w;
      }
    }
    for (const j of touched) {
      const rough = dots[j] / (v.norms[i] * v.norms[j]);
      dots[j] = 0;
      // The common terms left out only add to a pair's score: the exact score decides.
      if (rough >= threshold * 0.6) {
        const similarity = pairScore(v, i, j);
        if (similarity >= threshold) pairs.push({ a: i, b: j, similarity });
      }
    }
    touched.length = 0;
  }
  return pairs;
}

/** Which pairs of answers users said are distinct (one key per unordered pair). */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export function distinctPairs(marked: ReadonlyArray<ReadonlyArray<string>>): Set<string> {
  const pairs = new Set<string>();
  for (const ids of marked)
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) pairs.add(pairKey(ids[i], ids[j]));
  return pairs;
}

/** A stable id of a set of answers, whatever their order. */
export function idOf(prefix: string, answerIds: string[]) {
  return `${prefix}${createHash('sha256')
    .update([...answerIds].sort().join('\u0000'))
    .digest('base64url')
    .slice(0, 22)}`;
}

export type ConflictKind = 'COMPLIANCE' | 'CONTRADICTION';

export interface Conflict {
  conflictId: string;
  a: string;
  b: string;
  kind: ConflictKind;
  /** The concept both answers speak of and the phrase of each that clashes (contradictions). */
  concept?: string;
  phraseA?: string;
  phraseB?: string;
}

export interface DuplicateGroup {
  groupId: string;
  answerIds: string[];
  /** The closest pair's similarity. */
  similarity: number;
  conflicts: Conflict[];
}

/**
 * The contradiction detector (functions/common/contradiction) in its two steps: each text's claims,
 * read once per answer, then whether two answers' claims clash (the concept and each one's phrase).
 */
export interface ContradictionDetector<C> {
  claimsOf(text: string): C;
  clashOf(a: C, b: C): { concept: string; a: string; b: string } | undefined;
}

/** An answer with its claims read lazily, once. */
class Claims<C> {
  private held = new Map<number, C>();
  constructor(
    private readonly detector: ContradictionDetector<C>,
    private readonly entries: HealthEntry[],
  ) {}
  of(index: number): C {
    let claims = this.held.get(index);
    if (claims === undefined) {
      claims = this.detector.claimsOf(this.entries[index].answer);
      this.held.set(index, claims);
    }
    return claims;
  }
  clash(i: number, j: number) {
    return this.detector.clashOf(this.of(i), this.of(j));
  }
}

const YES = 'COMPLIANT';
const NO = 'NON-COMPLIANT';

/** Two answers of one concept that cannot both be right: Yes against No, or texts that contradict. */
export function conflictOf(
  a: HealthEntry,
  b: HealthEntry,
  found: { concept: string; a: string; b: string } | undefined,
): Conflict | null {
  const conflictId = idOf('C', [a.answerId, b.answerId]);
  const classes = new Set([a.responseClassification, b.responseClassification]);
  if (found)
    return {
      conflictId,
      a: a.answerId,
      b: b.answerId,
      kind: 'CONTRADICTION',
      concept: found.concept,
      phraseA: found.a,
      phraseB: found.b,
    };
  if (classes.has(YES) && classes.has(NO))
    return { conflictId, a: a.answerId, b: b.answerId, kind: 'COMPLIANCE' };
  return null;
}

/** How many members of each group the closeness of two groups is judged on (their first, closest ones). */
const JOIN_SAMPLE = 16;

/**
 * Whether two groups join: no pair across them marked distinct (every pair checked), and at least
 * half the pairs across them close (average linkage, roughly, judged on each group's first
 * JOIN_SAMPLE members so a large library's large groups stay cheap), so a chain of each-a-bit-alike
 * questions does not pull unrelated concepts into one group.
 */
export function mayJoin(
  ga: number[],
  gb: number[],
  isClose: (x: number, y: number) => boolean,
  isDistinct: (x: number, other: number[]) => boolean,
) {
  const [small, large] = ga.length <= gb.length ? [ga, gb] : [gb, ga];
  for (const x of small) if (isDistinct(x, large)) return false;
  let close = 0;
  let seen = 0;
  for (const x of ga.slice(0, JOIN_SAMPLE))
    for (const y of gb.slice(0, JOIN_SAMPLE)) {
      seen++;
      if (isClose(x, y)) close++;
    }
  return close * 2 >= seen;
}

/** A group larger than this is checked for conflicts against its first members only. */
const CONFLICT_PAIRS_MAX = 2000;

/**
 * The library's duplicate groups (best pair first) and each group's conflicts. `distinct` holds the
 * pairs users marked distinct (distinctPairs).
 */
export function findDuplicateGroups<C>(
  entries: HealthEntry[],
  options: { distinct?: Set<string>; threshold?: number; contradiction: ContradictionDetector<C> },
): DuplicateGroup[] {
  const claims = new Claims(options.contradiction, entries);
  const distinct = options.distinct ?? new Set<string>();
  const pairs = duplicatePairs(
    entries.map((e) => e.originalQuestion),
    options.threshold,
  ).sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
  const close = new Set(pairs.map((p) => p.a * entries.length + p.b));
  const isClose = (x: number, y: number) => close.has(Math.min(x, y) * entries.length + Math.max(x, y));
  const groupOf = new Map<number, number[]>();
  const best = new Map<number[], number>();
  const refused = new Map<number[], Set<number[]>>();
  // Each entry's partners marked distinct, by index: a group holds one of them when groupOf says so.
  const partners = new Map<number, number[]>();
  if (distinct.size) {
    const indexOf = new Map(entries.map((e, i) => [e.answerId, i]));
    for (const key of distinct) {
      const [a, b] = key.split('|').map((answerId) => indexOf.get(answerId));
      if (a === undefined || b === undefined) continue;
      partners.set(a, [...(partners.get(a) ?? []), b]);
      partners.set(b, [...(partners.get(b) ?? []), a]);
    }
  }
  const isDistinct = (x: number, other: number[]) =>
    (partners.get(x) ?? []).some(
      (p) => (groupOf.get(p) ?? [p]) === other || (other.length === 1 && other[0] === p),
    );
  for (const { a, b, similarity } of pairs) {
    const ga = groupOf.get(a) ?? [a];
    const gb = groupOf.get(b) ?? [b];
    if (ga === gb) continue;
    // Two groups that may not join stay apart until one of them grows (a new array): asked once.
    if (refused.get(ga)?.has(gb)) continue;
    if (!mayJoin(ga, gb, isClose, isDistinct)) {
      refused.set(ga, (refused.get(ga) ?? new Set()).add(gb));
      continue;
    }
    const joined = [...ga, ...gb];
    for (const member of joined) groupOf.set(member, joined);
    best.set(joined, Math.max(best.get(ga) ?? 0, best.get(gb) ?? 0, similarity));
  }
  const groups: DuplicateGroup[] = [];
  for (const [members, similarity] of best) {
    if (groupOf.get(members[0]) !== members) continue;
    const sorted = [...members].sort((x, y) => x - y);
    const answerIds = sorted.map((m) => entries[m].answerId);
    const conflicts: Conflict[] = [];
    let checked = 0;
    // Only answers to questions that are themselves duplicates can conflict.
    for (let i = 0; i < sorted.length && checked < CONFLICT_PAIRS_MAX; i++)
      for (let j = i + 1; j < sorted.length && checked < CONFLICT_PAIRS_MAX; j++) {
        if (!isClose(sorted[i], sorted[j])) continue;
        checked++;
        const conflict = conflictOf(
          entries[sorted[i]],
          entries[sorted[j]],
          claims.clash(sorted[i], sorted[j]),
        );
        if (conflict) conflicts.push(conflict);
      }
    groups.push({
      groupId: idOf('G', answerIds),
      answerIds,
      similarity: Math.round(similarity * 1000) / 1000,
      conflicts,
    });
  }
  return groups.sort((x, y) => y.similarity - x.similarity || x.groupId.localeCompare(y.groupId));
}

export interface MergeSource {
  answerId: string;
  usageCount: number;
  tags: string[];
  collectionIds: string[];
  documentIds?: string[];
}

/**
 * What the kept answer becomes when the others are merged into it: its own usage count plus the
 * others' (a question that used two of them counts once: `sharedUses`), and the union of their tags,
 * collections and documents, its own first.
 */
export function mergedInto(keep: MergeSource, others: MergeSource[], sharedUses = 0) {
  const union = (lists: (string[] | undefined)[]) => [...new Set(lists.flatMap((l) => l ?? []))];
  const all = [keep, ...others];
  return {
    usageCount: Math.max(keep.usageCount, all.reduce((sum, a) => sum + a.usageCount, 0) - sharedUses),
    tags: union(all.map((a) => a.tags)),
    collectionIds: union(all.map((a) => a.collectionIds)),
    documentIds: union(all.map((a) => a.documentIds)),
  };
}
