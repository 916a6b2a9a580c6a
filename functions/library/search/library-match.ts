/**
 * The library screen's search (spec 002 §2.2, /Answers): which answers a search finds and which of
 * their words it marks. It reads text through the suggestion engine's analysis (analyzer.ts: stems,
 * the vocabulary's concepts, British spellings), so "encryption" finds what "encrypted" finds,
 * "backups" what "backup" finds and "2FA" the answers about multi-factor authentication; a word
 * still being typed ("encr") finds the words it begins.
 *
 * An answer is found when the search's terms are all among its terms, or when every word of the
 * search is found on its own (its terms among the answer's, or the beginning of one of its words).
 * An answer's terms are those of its text and those of each of its words alone, so a word inside a
 * vocabulary phrase ("backup" in "backup and restore") is still found by itself.
 *
 * What a search marks is each answer's own: the words of that answer that carry a search term or
 * begin with a search word. A word that means nothing alone ("is" in "MFA is enforced", "the") is
 * never marked: the screen marks words, not places, so it would be marked wherever the answer says it.
 */
import { analyze, analyzeWords, isFunctionWord, wordsOf } from './analyzer';

export interface Searchable {
  answerId: string;
  version: number;
  originalQuestion: string;
  answer: string;
  tags?: string[];
}

interface Analysed {
  /** The answer's words, in order. */
  words: string[];
  /** Every term of the answer, with the indexes of the words each stands for. */
  terms: Map<string, number[]>;
}

/** A word's own terms, kept: a library repeats its words, and a word always analyses the same way. */
const wordTerms = new Map<string, string[]>();
const WORD_CACHE_MAX = 200_000;

function termsOfWord(word: string): string[] {
  let terms = wordTerms.get(word);
  if (!terms) {
    if (wordTerms.size >= WORD_CACHE_MAX) wordTerms.clear();
    terms = analyze(word);
    wordTerms.set(word, terms);
  }
  return terms;
}

/**
 * Each answer's analysis by id, kept while its text is the same: a warm function does not analyse
 * the library again. (The text, not the version, decides: the same id and version may hold another
 * text in another table, as in the test tiers, where many tables are copies of one demo library.)
 */
const answers = new Map<string, { text: string; analysed: Analysed }>();
const ANSWER_CACHE_MAX = 100_000;

function textOf(item: Searchable): string {
  // Question, answer and tags on lines of their own, so no phrase runs from one into the next.
  return `${item.originalQuestion}\n${item.answer}\n${(item.tags ?? []).join('\n')}`;
}

function analysed(item: Searchable): Analysed {
  const text = textOf(item);
  const cached = answers.get(item.answerId);
  if (cached?.text === text) return cached.analysed;
  // The words of the whole text (analyzeWords leaves out a leading reference label, which the
  // screen shows and a search may name).
  const words = wordsOf(text);
  const terms = new Map<string, number[]>();
  const add = (term: string, at: number) => {
    const list = terms.get(term);
    if (list) list.push(at);
    else terms.set(term, [at]);
  };
  words.forEach((word, at) => {
    for (const term of termsOfWord(word)) add(term, at);
  });
  // Concepts of phrases: the phrase's words, found in the whole text by their sequence.
  const spans = analyzeWords(text);
  const offset = words.length - spans.words.length;
  for (const span of spans.terms) {
    if (!span.term.startsWith('~') || span.to - span.from < 2) continue;
    for (let at = span.from; at < span.to; at++) add(span.term, at + offset);
  }
  const result = { words, terms };
  if (answers.size >= ANSWER_CACHE_MAX) answers.clear();
  answers.set(item.answerId, { text, analysed: result });
  return result;
}

export interface LibraryQuery {
  /** Whether an answer is found by the search (every answer, for an empty search). */
  matches(item: Searchable): boolean;
  /**
   * The words of this answer the search marks (lower-case, as analyzed), for highlighting in this
   * answer only: never a function word ("is", "the"), whatever phrase it stood in.
   */
  marked(item: Searchable): string[];
}

export function libraryQuery(searchTerm: string | undefined): LibraryQuery {
  const queryWords = wordsOf(searchTerm ?? '');
  if (!queryWords.length) return { matches: () => true, marked: () => [] };
  const whole = analyze(searchTerm ?? '');
  const perWord = queryWords.map((word) => ({ word, terms: termsOfWord(word) }));
  const allTerms = new Set([...whole, ...perWord.flatMap((w) => w.terms)]);

  const wordFound = ({ words, terms }: Analysed, { word, terms: own }: (typeof perWord)[number]) =>
    (own.length > 0 && own.every((term) => terms.has(term))) || words.some((w) => w.startsWith(word));

  return {
    matches(item) {
      const a = analysed(item);
      if (whole.length && whole.every((term) => a.terms.has(term))) return true;
      return perWord.every((w) => wordFound(a, w));
    },
    marked(item) {
      const a = analysed(item);
      const marked = new Set<string>();
      for (const term of allTerms) for (const at of a.terms.get(term) ?? []) marked.add(a.words[at]);
      for (const w of a.words) if (queryWords.some((q) => w.startsWith(q))) marked.add(w);
      return [...marked].filter((w) => !isFunctionWord(w)).sort();
    },
  };
}
