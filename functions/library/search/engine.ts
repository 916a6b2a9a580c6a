/**
 * The suggestion engine's index: the team's library answers in a MiniSearch inverted index (BM25+
 * over the entry's original question, boosted, and its answer; terms from analyzer.ts), kept in
 * memory, changed entry by entry and serialised whole (see store.ts for where it lives).
 *
 * Entries that carry the same approved answer, word for word or nearly (a customer's name added, a
 * sentence changed), are near-duplicates: each entry keeps a MinHash signature of its answer's
 * three-word shingles, and a search keeps only the best entry among hits whose signatures agree on
 * most places (an estimated Jaccard similarity of at least 0.75), so suggestions show distinct
 * answers even in a library full of near-duplicate questions.
 *
 * This is the interface an Amazon OpenSearch index would take over when a team outgrows memory:
 * upsert / remove from the stream, search(query, limit) returning grouped hits with the same
 * fields (a `multi_match` query over the same analyzer, with the vocabulary as a synonym graph
 * filter, and the near-duplicate check over the first hits).
 */
import MiniSearch, { type Options } from 'minisearch';
import { analyze } from './analyzer';

export interface IndexEntry {
  answerId: string;
  originalQuestion: string;
  answer: string;
}

export interface Hit {
  answerId: string;
  score: number;
  /** The share of the query's distinct terms this entry matched (0..1). */
  coverage: number;
}

/** The original question counts this many times the answer's text. */
const QUESTION_BOOST = 10;
/** A vocabulary concept matched counts this many times a plain word (tuned on the tuning set). */
const CONCEPT_BOOST = 1.5;

const OPTIONS: Options<IndexEntry & { signature: string }> = {
  idField: 'answerId',
  fields: ['originalQuestion', 'answer'],
  storeFields: ['signature'],
  tokenize: (text) => analyze(text),
  processTerm: (term) => term,
  searchOptions: {
    boost: { originalQuestion: QUESTION_BOOST },
    combineWith: 'OR',
    boostTerm: (term: string) => (term.startsWith('~') ? CONCEPT_BOOST : 1),
    bm25: { k: 1.2, b: 0.7, d: 0 },
  },
  autoVacuum: { minDirtFactor: 0.2, minDirtCount: 200 },
};

const HASHES = 8;
const SAME_ANSWER = 6;

/** FNV-1a, 32 bits, with a seed. */
function fnv(text: string, seed: number) {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The MinHash signature of an answer's three-word shingles (words lower-cased), as base 36. */
export function answerSignature(answer: string): string {
  const words = answer.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const shingles =
    words.length < 3 ? [words.join(' ')] : words.slice(2).map((w, i) => `${words[i]} ${words[i + 1]} ${w}`);
  const mins = new Array<number>(HASHES).fill(0xffffffff);
  for (const shingle of shingles) {
    const a = fnv(shingle, 0);
    const b = fnv(shingle, 0x9e3779b9) | 1;
    for (let k = 0; k < HASHES; k++) mins[k] = Math.min(mins[k], (a + Math.imul(k, b)) >>> 0);
  }
  return mins.map((m) => m.toString(36).padStart(7, '0')).join('');
}

const sameAnswer = (a: string, b: string) => {
  let agree = 0;
  for (let k = 0; k < HASHES; k++) if (a.slice(k * 7, k * 7 + 7) === b.slice(k * 7, k * 7 + 7)) agree++;
  return agree >= SAME_ANSWER;
};

export class LibraryIndex {
  private constructor(private readonly index: MiniSearch<IndexEntry & { signature: string }>) {}

  static build(entries: Iterable<IndexEntry>): LibraryIndex {
    const library = new LibraryIndex(new MiniSearch(OPTIONS));
    for (const entry of entries) library.upsert(entry);
    return library;
  }

  static fromJSON(json: string): LibraryIndex {
    return new LibraryIndex(MiniSearch.loadJSON(json, OPTIONS));
  }

  toJSON(): string {
    return JSON.stringify(this.index);
  }

  get size(): number {
    return this.index.documentCount;
  }

  has(answerId: string): boolean {
    return this.index.has(answerId);
  }

  upsert(entry: IndexEntry) {
    if (this.index.has(entry.answerId)) this.index.discard(entry.answerId);
    this.index.add({
      answerId: entry.answerId,
      originalQuestion: entry.originalQuestion,
      answer: entry.answer,
      signature: answerSignature(entry.answer),
    });
  }

  remove(answerId: string) {
    if (this.index.has(answerId)) this.index.discard(answerId);
  }

  /** The `limit` best entries with distinct answers, best first. */
  search(query: string, limit: number): Hit[] {
    const wanted = new Set(analyze(query));
    if (!wanted.size) return [];
    const hits: Hit[] = [];
    const kept: string[] = [];
    for (const result of this.index.search(query)) {
      const signature = String(result.signature);
      if (kept.some((other) => sameAnswer(other, signature))) continue;
      kept.push(signature);
      hits.push({
        answerId: String(result.id),
        score: result.score,
        coverage: result.queryTerms.length / wanted.size,
      });
      if (hits.length === limit) break;
    }
    return hits;
  }
}
