/**
 * The suggestion engine's index: the team's library answers in a MiniSearch inverted index (BM25
 * over the entry's original question, boosted, and its answer; terms from analyzer.ts), kept in
 * memory, changed entry by entry and serialised whole (see store.ts for where it lives). Searches
 * score MiniSearch's postings with our own scorer (`ranked`: typed arrays instead of a result
 * object per match), which ranks exactly as MiniSearch does in a fraction of the time.
 *
 * Entries that carry the same approved answer, word for word or nearly (a customer's name added, a
 * sentence changed), are near-duplicates: each entry keeps a MinHash signature of its answer's
 * set of words, and a search keeps only the best entry among hits whose signatures agree on
 * most places (an estimated Jaccard similarity of at least 0.69), so suggestions show distinct
 * answers even in a library full of near-duplicate questions.
 *
 * Beside the analysis's terms, a query is searched in its own words too (analyzer.ts wordTerms, at a
 * lower weight), which meet an entry's question on its stems and on the words its concepts hide
 * (indexed as hiddenWordTerms), so two wordings the vocabulary files under different concepts still
 * meet on a word they share. The first distinct answers are then weighed by how much of their own
 * question the query asks (`asked`): the library question is the intent an answer was written for,
 * and a query that leaves out its key concept is about something near it, not about it.
 *
 * This is the interface an Amazon OpenSearch index would take over when a team outgrows memory:
 * upsert / remove from the stream, search(query, limit) returning grouped hits with the same
 * fields. The terms would stay ours: the stream indexes analyze()'s terms into a whitespace-analysed
 * field per text (so the vocabulary, its phrase rules and the stems are the same on both sides),
 * a `multi_match` of the query's terms with the same boosts scores them, and the near-duplicate
 * check and the confidence run over the first hits as here.
 */
import MiniSearch, { type Options } from 'minisearch';
import { analysisName, analyze, hiddenWordTerms, WORD_TERM, wordTerms } from './analyzer';

export interface IndexEntry {
  answerId: string;
  originalQuestion: string;
  answer: string;
  /** The answer this entry's hits name instead of its own: the one it was merged into. */
  reportAs?: string;
}

export interface Hit {
  answerId: string;
  score: number;
  /**
   * The share of the query this entry matched (0..1), each distinct term weighted by its rarity
   * (IDF; a term no entry holds weighs most), so a match on the words that matter counts.
   */
  coverage: number;
  /** How many of the query's distinct terms it matched. */
  matched: number;
  /** Whether one of them is a vocabulary concept (a phrase of the domain, not a lone word). */
  matchedConcept: boolean;
  /**
   * The share of the entry's own question (its distinct terms) the query holds
   * (0..1): a query that asks everything the library question asks is about that question; one that
   * leaves out its key concept ("incident" in "Who is responsible for handling a security
   * incident?") is about something near it.
   */
  asked?: number;
}

/** The original question counts this many times the answer's text. */
const QUESTION_BOOST = 10;
/** A vocabulary concept matched counts this many times a plain word (tuned on the tuning set). */
const CONCEPT_BOOST = 3;

const BM25 = { k: 1.2, b: 0.7, d: 0 } as const;
/**
 * The question's own words (analyzer.ts wordTerms) count this much of a plain term of the analysis,
 * and never towards the number of terms matched (that stays the analysis's); chosen on the tuning
 * sets, where 0.3 to 1.5 differ by a few questions.
 */
const WORD_BOOST = 0.6;
const isWordTerm = (term: string) => term.startsWith(WORD_TERM);
const termBoost = (term: string) =>
  term.startsWith('~') ? CONCEPT_BOOST : isWordTerm(term) ? WORD_BOOST : 1;
const FIELD_BOOSTS = [
  ['originalQuestion', QUESTION_BOOST],
  ['answer', 1],
  ['questionWords', QUESTION_BOOST],
] as const;

/** The question upsert analysed last, so indexing it does not analyse it again. */
const analysed = { text: '', terms: [] as string[] };

type Stored = IndexEntry & { signature: string; questionSize: number; questionWords: string };

const OPTIONS: Options<Stored> = {
  idField: 'answerId',
  fields: ['originalQuestion', 'answer', 'questionWords'],
  storeFields: ['signature', 'questionSize', 'reportAs'],
  tokenize: (text, field) => {
    if (field === 'questionWords') return hiddenWordTerms(text);
    if (field === 'originalQuestion' && text === analysed.text) return analysed.terms;
    return analyze(text);
  },
  processTerm: (term) => term,
  searchOptions: {
    boost: Object.fromEntries(FIELD_BOOSTS),
    combineWith: 'OR',
    boostTerm: termBoost,
    bm25: BM25,
  },
  autoVacuum: { minDirtFactor: 0.2, minDirtCount: 200 },
};

/** Query terms in more than this share of the library (and this many entries) are not scored. */
const PRUNE_SHARE = 0.5;
const PRUNE_MIN_DOCUMENTS = 50;

/** How many of a question's best matches an import row's answer is compared with. */
const NEAR_DUPLICATE_DEPTH = 5;

/**
 * How many distinct answers a search weighs by how much of their question the query asks (`asked`),
 * and how much of a hit's score rests on it (0 to 1); both chosen on the tuning sets (0.3 to 0.7 and
 * 5 to 20 answers differ little; half gave the most right answers first).
 */
const RERANK_DEPTH = 10;
const QUESTION_COVERAGE = 0.5;

const HASHES = 16;
/** Places that must agree for two answers to be the same (an estimated Jaccard similarity ≥ 0.69). */
const SAME_ANSWER = 11;
/** Each place is 16 bits, written as four hex digits. */
const PLACE = 4;

/** FNV-1a, 32 bits. */
function fnv(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** MurmurHash3's finaliser: spreads a seeded hash over all 32 bits, one hash function per seed. */
function mix(h: number) {
  let x = h;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

const SEEDS = Array.from({ length: HASHES }, (_, k) => mix(0x9e3779b9 + k));

/** The MinHash signature of the set of an answer's words (lower-cased), as hex. */
export function answerSignature(answer: string): string {
  const words = answer.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const shingles = new Set(words);
  const mins = new Array<number>(HASHES).fill(0xffffffff);
  for (const shingle of shingles) {
    const h = fnv(shingle);
    for (let k = 0; k < HASHES; k++) mins[k] = Math.min(mins[k], mix(h ^ SEEDS[k]));
  }
  return mins.map((m) => (m & 0xffff).toString(16).padStart(PLACE, '0')).join('');
}

/** Whether two signatures agree on enough places to be the same answer. */
export function sameAnswer(a: string, b: string) {
  let agree = 0;
  for (let k = 0; k < HASHES * PLACE; k += PLACE)
    if (a.slice(k, k + PLACE) === b.slice(k, k + PLACE)) agree++;
  return agree >= SAME_ANSWER;
}

/**
 * The parts of MiniSearch (pinned in package.json) that `ranked` reads: the inverted index (term →
 * field id → entry id → term frequency), field lengths and the id maps. A unit test checks that
 * `ranked` orders a library exactly as MiniSearch's own search does, so a change of shape fails there.
 */
interface Internals {
  _index: { get(term: string): Map<number, Map<number, number>> | undefined };
  _documentIds: Map<number, string>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
  _dirtCount: number;
  _nextId: number;
  _storedFields: Map<number, { signature?: unknown; questionSize?: unknown; reportAs?: unknown }>;
}

interface Ranked {
  /** MiniSearch's short id of the entry. */
  entry: number;
  /** Its own answer id, and the answer its hits name (reportAs, else its own). */
  ownId: string;
  answerId: string;
  score: number;
  signature: string;
}

/** Per entry: its score so far, how many distinct terms it matched, the last of them, the search. */
const scratchFor = (size: number) => ({
  scores: new Float64Array(size),
  matched: new Uint16Array(size),
  lastTerm: new Int32Array(size),
  seenIn: new Uint32Array(size),
});

export class LibraryIndex {
  /** Scratch space of `ranked`, indexed by short id and reused from search to search. */
  private scratch = scratchFor(0);
  private searches = 0;
  /** Each field's length per short id, read from MiniSearch once after each change. */
  private lengths: Float64Array[] | null = null;

  private constructor(private readonly index: MiniSearch<Stored>) {}

  static build(entries: Iterable<IndexEntry>): LibraryIndex {
    const library = new LibraryIndex(new MiniSearch(OPTIONS));
    for (const entry of entries) library.upsert(entry);
    return library;
  }

  /** The index serialised by toJSON, or null when it was built by another analysis (build it again). */
  static fromJSON(json: string): LibraryIndex | null {
    const saved = JSON.parse(json) as { analysis?: string; index?: unknown };
    if (saved.analysis !== analysisName() || !saved.index) return null;
    return new LibraryIndex(
      MiniSearch.loadJS(saved.index as Parameters<typeof MiniSearch.loadJS>[0], OPTIONS),
    );
  }

  toJSON(): string {
    return JSON.stringify({ analysis: analysisName(), index: this.index });
  }

  get size(): number {
    return this.index.documentCount;
  }

  has(answerId: string): boolean {
    return this.index.has(answerId);
  }

  upsert(entry: IndexEntry) {
    this.lengths = null;
    if (this.index.has(entry.answerId)) this.index.discard(entry.answerId);
    analysed.text = entry.originalQuestion;
    analysed.terms = analyze(entry.originalQuestion);
    this.index.add({
      answerId: entry.answerId,
      originalQuestion: entry.originalQuestion,
      answer: entry.answer,
      ...(entry.reportAs ? { reportAs: entry.reportAs } : {}),
      signature: answerSignature(entry.answer),
      questionSize: new Set(analysed.terms).size,
      questionWords: entry.originalQuestion,
    });
  }

  remove(answerId: string) {
    this.lengths = null;
    if (this.index.has(answerId)) this.index.discard(answerId);
  }

  /** MiniSearch's inverted index and field statistics (see `ranked`). */
  private get internals(): Internals {
    return this.index as unknown as Internals;
  }

  /**
   * The entries matching any of the terms, best first: MiniSearch's BM25 score over the fields with
   * their boosts, times the number of distinct terms matched, exactly as `MiniSearch.search` ranks
   * them. It accumulates into typed arrays and sorts short ids instead of building a result object
   * for every match, which is most of a search's time in a large library. Consume it before the next
   * search: it reads the scratch arrays.
   */
  private *ranked(terms: string[]): Generator<Ranked> {
    const ix = this.internals;
    if (this.scratch.scores.length < ix._nextId) this.scratch = scratchFor(Math.ceil(ix._nextId * 1.5));
    const { scores, matched, lastTerm, seenIn } = this.scratch;
    const lengths = this.fieldLengths();
    const search = ++this.searches;
    const multiplicity = new Map<string, number>();
    for (const term of terms) multiplicity.set(term, (multiplicity.get(term) ?? 0) + 1);
    const touched: number[] = [];
    const dirty = ix._dirtCount > 0;
    const { k, b, d } = BM25;
    let t = 0;
    for (const [term, times] of multiplicity) {
      const fields = ix._index.get(term);
      // A word term is the word in the question's own words, or its stem where the analysis kept it.
      const plain = isWordTerm(term) ? ix._index.get(term.slice(WORD_TERM.length)) : undefined;
      for (const [field, fieldBoost] of FIELD_BOOSTS) {
        const fieldId = ix._fieldIds[field];
        const postings = plain && field === 'originalQuestion' ? plain.get(fieldId) : fields?.get(fieldId);
        if (!postings) continue;
        let df = postings.size;
        if (dirty) for (const entry of postings.keys()) if (!ix._documentIds.has(entry)) df--;
        const idf = Math.log(1 + (ix._documentCount - df + 0.5) / (df + 0.5));
        const weight = times * termBoost(term) * fieldBoost * idf;
        const average = ix._avgFieldLength[fieldId];
        for (const [entry, tf] of postings) {
          if (dirty && !ix._documentIds.has(entry)) continue;
          const length = lengths[fieldId][entry];
          if (seenIn[entry] !== search) {
            seenIn[entry] = search;
            scores[entry] = 0;
            matched[entry] = 0;
            lastTerm[entry] = -1;
            touched.push(entry);
          }
          scores[entry] += weight * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / average)));
          if (lastTerm[entry] !== t) {
            lastTerm[entry] = t;
            if (!isWordTerm(term)) matched[entry]++;
          }
        }
      }
      t++;
    }
    for (const entry of touched) scores[entry] *= Math.max(1, matched[entry]);
    touched.sort((x, y) => scores[y] - scores[x]);
    for (const entry of touched) {
      const ownId = ix._documentIds.get(entry) ?? '';
      const stored = ix._storedFields.get(entry);
      yield {
        entry,
        ownId,
        answerId: stored?.reportAs ? String(stored.reportAs) : ownId,
        score: scores[entry],
        signature: String(stored?.signature ?? ''),
      };
    }
  }

  private fieldLengths(): Float64Array[] {
    if (this.lengths) return this.lengths;
    const ix = this.internals;
    const lengths = FIELD_BOOSTS.map(() => new Float64Array(ix._nextId));
    for (const [entry, perField] of ix._fieldLength)
      perField.forEach((length, fieldId) => {
        lengths[fieldId][entry] = length;
      });
    this.lengths = lengths;
    return lengths;
  }

  /** The distinct terms of `terms` that an entry holds in any field. */
  private termsIn(entry: number, terms: string[]): string[] {
    return [...new Set(terms)].filter((term) => {
      for (const postings of this.internals._index.get(term)?.values() ?? [])
        if (postings.has(entry)) return true;
      return false;
    });
  }

  /** In how many live entries a term occurs (its most frequent field; a word term in either form). */
  documentFrequency(term: string): number {
    let df = 0;
    for (const postings of this.internals._index.get(term)?.values() ?? []) df = Math.max(df, postings.size);
    if (isWordTerm(term)) df = Math.max(df, this.documentFrequency(term.slice(WORD_TERM.length)));
    return df;
  }

  /**
   * The query's terms worth scoring: a term in more than half of the library says little about
   * which entry is meant (its IDF is near zero) and would make the search score most of the
   * library, so it is left out unless nothing else is left. Half was chosen on the tuning set, where
   * it changes no ranking and takes about a fifth off the slowest searches in a 20,000-entry library.
   */
  private queryTerms(query: string): string[] {
    return this.rare(analyze(query));
  }

  private rare(terms: string[]): string[] {
    const common = Math.max(PRUNE_MIN_DOCUMENTS, this.size * PRUNE_SHARE);
    const rare = terms.filter((t) => this.documentFrequency(t) <= common);
    return rare.length ? rare : terms;
  }

  private idf(term: string) {
    const df = this.documentFrequency(term);
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /**
   * An entry that nearly repeats this question and answer: among the best matches for the question,
   * one whose answer agrees with this one on most signature places. Null when there is none.
   */
  nearDuplicate(question: string, answer: string): string | null {
    const signature = answerSignature(answer);
    const wanted = this.queryTerms(question);
    if (!wanted.length) return null;
    let depth = 0;
    for (const result of this.ranked(wanted)) {
      if (depth++ === NEAR_DUPLICATE_DEPTH) break;
      if (sameAnswer(result.signature, signature)) return result.ownId;
    }
    return null;
  }

  /** The `limit` best entries with distinct answers, best first. */
  search(query: string, limit: number): Hit[] {
    const wanted = this.queryTerms(query);
    if (!wanted.length) return [];
    const weights = new Map(wanted.map((t) => [t, this.idf(t)]));
    const totalWeight = [...weights.values()].reduce((sum, w) => sum + w, 0) || 1;
    const hits = new Map<string, Hit>();
    const kept: string[] = [];
    const depth = Math.max(limit, RERANK_DEPTH);
    const own = this.rare(wordTerms(query));
    for (const result of this.ranked([...wanted, ...own])) {
      const signature = result.signature;
      if (kept.some((other) => sameAnswer(other, signature))) continue;
      kept.push(signature);
      const matched = this.termsIn(result.entry, wanted);
      const asked = this.questionCoverage(result.entry, weights);
      const hit: Hit = {
        answerId: result.answerId,
        score: result.score * (1 - QUESTION_COVERAGE + QUESTION_COVERAGE * asked),
        asked,
        coverage: matched.reduce((sum, t) => sum + (weights.get(t) ?? 0), 0) / totalWeight,
        matched: matched.length,
        matchedConcept: matched.some((t) => t.startsWith('~')),
      };
      // One hit per answer: a wording merged into an answer and the answer's own are one, the better.
      if ((hits.get(hit.answerId)?.score ?? -1) < hit.score) hits.set(hit.answerId, hit);
      if (hits.size === depth) break;
    }
    return [...hits.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  }

  /** The share of an entry's question (its distinct terms) that the query holds; 0 for a question of no terms. */
  private questionCoverage(entry: number, query: Map<string, number>): number {
    const size = Number(this.internals._storedFields.get(entry)?.questionSize ?? 0);
    if (!size) return 0;
    const fieldId = this.internals._fieldIds.originalQuestion;
    let held = 0;
    for (const term of query.keys()) if (this.internals._index.get(term)?.get(fieldId)?.has(entry)) held++;
    return Math.min(1, held / size);
  }
}

/**
 * How likely the best hit is the right answer: a logistic function of how far it leads the next
 * distinct answer (its score margin, 0 to 1), of that margin times the share of the query it
 * matched (coverage), and of the share of its own question the query asks (asked: a near-threshold
 * guess that leaves out the library question's key concept drops below the threshold), fitted by
 * maximum likelihood on the tuning sets and the old held-out set, their unanswerable questions
 * included (scripts/bench/fit-confidence.ts); see confidenceFeatures for the hits never trusted.
 */
const CALIBRATION = { intercept: -2.2, margin: 1.1, marginTimesCoverage: 9, asked: 2.3 } as const;

/**
 * What the confidence is computed from, or null when the best hit cannot be trusted at all: it
 * matched a single lone word of the query (one rare word in common is how unrelated questions find
 * an entry; a single vocabulary concept, "encrypted in transit", is a match), or the query asks
 * nothing its question asks (it met only the answer's text: 1 such top hit in 50 was right on the
 * tuning sets).
 */
export function confidenceFeatures(hits: Hit[]): { margin: number; coverage: number; asked: number } | null {
  const [top, next] = hits;
  if (!top || top.score <= 0 || (top.matched < 2 && !top.matchedConcept) || top.asked === 0) return null;
  return {
    margin: (top.score - (next?.score ?? 0)) / top.score,
    coverage: top.coverage,
    asked: top.asked ?? 1,
  };
}

export function confidenceOf(hits: Hit[]): number {
  const features = confidenceFeatures(hits);
  if (!features) return 0;
  const { margin, coverage, asked } = features;
  const z =
    CALIBRATION.intercept +
    CALIBRATION.margin * margin +
    CALIBRATION.marginTimesCoverage * margin * coverage +
    CALIBRATION.asked * asked;
  return Math.round(1000 / (1 + Math.exp(-z))) / 1000;
}
