/**
 * How library text and questions become search terms: words (accents folded, British spellings
 * made American), English and questionnaire stop words left out, the rest reduced to their Porter
 * stems; and where a vocabulary phrase occurs (see vocabulary.ts), its group's concept term instead
 * of the phrase's words, so every way of saying a thing weighs the same ("2FA" and "multi-factor
 * authentication" are both just `~mfa`). Phrases match on words without their inflection rather
 * than on Porter stems, which would fold "officer" into "office", "response" into "responsible" and
 * "information" into "inform". The same analysis runs on the library and on the query, so they
 * always meet on the same terms.
 */
import { createHash } from 'node:crypto';
import { stemmer } from 'stemmer';
import { vocabulary } from './vocabulary';

/** English words that carry no meaning of their own ("is", "the", "with"). */
const FUNCTION_WORDS = (
  'a about above after again all am an and any are as at be because been before being below between both but by ' +
  'can could did do does doing down during each few for from further had has have having he her here hers him his ' +
  'how i if in into is it its itself just me more most my no nor not of off on once only or other our ours out over ' +
  'own same she should so some such than that the their theirs them then there these they this those through to too ' +
  'under until up very was we were what when where which while who whom why will with would you your yours many much'
).split(' ');
const STOP_WORDS = new Set([
  ...FUNCTION_WORDS,
  // What every questionnaire says around the question itself.
  ...(
    'please describe provide explain list detail confirm outline indicate state specify give ' +
    'vendor vendors supplier suppliers provider organization organisation company companies firm ' +
    'currently applicable appropriate etc e g ie use used using uses'
  ).split(' '),
]);

/** A Map, not an object: a user's word must never meet Object.prototype ("constructor"). */
const BRITISH = new Map<string, string>(
  Object.entries({
    behaviour: 'behavior',
    licence: 'license',
    defence: 'defense',
    offence: 'offense',
    programme: 'program',
    programmes: 'programs',
    centre: 'center',
    centres: 'centers',
    catalogue: 'catalog',
    favour: 'favor',
    honour: 'honor',
    modelling: 'modeling',
    labelling: 'labeling',
    travelling: 'traveling',
    cancelled: 'canceled',
    enrol: 'enroll',
    analyse: 'analyze',
    analysed: 'analyzed',
  }),
);
/** -ise / -isation verbs spelt the British way, where the -ize form is the same word. */
const ISE =
  /^(organ|author|minim|anonym|pseudonym|priorit|recogn|central|standard|virtual|sanit|categor|custom|summar|util|final|normal|synchron|container|token|initial|optim|visual|local|personal|penal|digit|serial|real|general|special|emphas|apolog|characteris|memor)is(e|es|ed|ing|ation|ations|er|ers)$/;

const american = (word: string) => BRITISH.get(word) ?? word.replace(ISE, '$1iz$2');

const WORD = /[a-z0-9]+/g;
/** Words, with possessive 's gone ("vendor's" is "vendor") and single letters left out. */
const words = (text: string) =>
  (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['\u2019]s\b/g, '')
      .match(WORD) ?? []
  ).filter((w) => w.length > 1 || /\d/.test(w));

const stemOf = (word: string) => (/^\d+$/.test(word) ? word : stemmer(american(word)));

/**
 * A word without its inflection (plural, -ed, -ing, a final e), for matching phrases: "devices"
 * and "device", "revoked" and "revoke" meet; "officer" and "office", "executive" and "execute" do not.
 */
function uninflected(word: string): string {
  let w = american(word);
  if (/^\d+$/.test(w)) return w;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}
/**
 * Determiners a phrase may skip in the text, so "the security of vendors" also matches "the security
 * of your vendors". A form of one word besides its determiners ("this audit", "our data", "every
 * year") keeps them: without, it would be the bare word.
 */
const DETERMINERS = new Set(
  'the an your our their its my his her this that these those any all each every some'.split(' '),
);

/**
 * Whether a word (as wordsOf reads it) means nothing on its own: an English function word or a
 * determiner. The library screen never marks one by itself ("is" inside "MFA is enforced").
 */
const FUNCTION_SET = new Set(FUNCTION_WORDS);
export const isFunctionWord = (word: string): boolean => FUNCTION_SET.has(word) || DETERMINERS.has(word);

interface Phrase {
  words: string[];
  concept: string;
}

/** The words of a vocabulary form as phrase matching sees them. */
function formWords(form: string): string[] {
  const all = words(form).map(uninflected);
  const content = all.filter((w) => !DETERMINERS.has(w));
  return content.length > 1 ? content : all;
}

let phrases: Map<string, Phrase[]> | null = null;

/**
 * The vocabulary's phrases by their first word, longest first; each group's concept term. Built on
 * the first analysis rather than at import (it takes tens of milliseconds a cold start that does
 * not search need not pay).
 */
function phrasesByFirstWord(): Map<string, Phrase[]> {
  if (phrases) return phrases;
  const built = new Map<string, Phrase[]>();
  for (const group of vocabulary()) {
    const concept = `~${group[0].replace(/ /g, '_')}`;
    for (const form of group) {
      const phrase = formWords(form);
      if (!phrase.length) continue;
      const list = built.get(phrase[0]) ?? [];
      list.push({ words: phrase, concept });
      built.set(phrase[0], list);
    }
  }
  for (const list of built.values()) list.sort((a, b) => b.words.length - a.words.length);
  phrases = built;
  return built;
}

/**
 * How many other words a phrase of two or more words may have inside it in the text ("check new
 * code" is "check code"), besides determiners. One was chosen on the tuning sets: it finds the
 * loosely worded questions without drawing phrases together across a sentence.
 */
const PHRASE_GAP = 1;

/** Where a phrase found at `start` ends in the text, or 0 when it is not there. */
function matchEnd(phrase: Phrase, plain: string[], start: number): number {
  let at = start;
  let gaps = PHRASE_GAP;
  for (let k = 0; k < phrase.words.length; k++) {
    const word = phrase.words[k];
    while (k > 0 && plain[at] !== word && at < plain.length) {
      if (DETERMINERS.has(plain[at])) at++;
      else if (gaps > 0) {
        gaps--;
        at++;
      } else break;
    }
    if (plain[at] !== word) return 0;
    at++;
  }
  return at;
}

/** A leading label ending in a colon ("CAIQ CEK-03:", "ISO/IEC 27001 A.5.9:", "DORA Article 12:"). */
const LABEL = /^\s*([^:?\n]{1,80}):\s+/;
/** What marks a label as a control's or question's reference rather than part of the question. */
const REFERENCE =
  /\b[a-z]{1,6}[-.]?\d|\b\d+\.\d|\b(article|art|control|requirement|req|section|clause|question|q)\.?\s*\d/i;

/**
 * The text without a leading reference label: the framework and control a questionnaire quotes
 * before its question say which catalogue it comes from, not what it asks, and would draw the
 * question to library entries about certifications. Kept when little would be left after it.
 */
function withoutReference(text: string): string {
  const label = LABEL.exec(text);
  if (!label || !REFERENCE.test(label[1])) return text;
  const rest = text.slice(label[0].length);
  return words(rest).length >= 3 ? rest : text;
}

/** A search term and the words of the text it stands for (`words[from]` up to, not including, `to`). */
export interface TermSpan {
  term: string;
  from: number;
  to: number;
}

/**
 * The text's words (lower-case, accents folded, as the analysis reads them) and its search terms,
 * each with the words it came from: a concept its phrase's words, a stem its one word.
 */
export function analyzeWords(text: string): { words: string[]; terms: TermSpan[] } {
  const byFirstWord = phrasesByFirstWord();
  const ws = words(withoutReference(text));
  const plain = ws.map(uninflected);
  const terms: TermSpan[] = [];
  /** Where each concept's last match ends, so one mention counts once. */
  const coveredUntil = new Map<string, number>();
  /** Where the phrases matched so far end: words before it count through their concepts. */
  let phraseUntil = 0;
  for (let i = 0; i < ws.length; i++) {
    for (const phrase of byFirstWord.get(plain[i]) ?? []) {
      if ((coveredUntil.get(phrase.concept) ?? 0) > i) continue;
      const end = matchEnd(phrase, plain, i);
      if (end) {
        terms.push({ term: phrase.concept, from: i, to: end });
        coveredUntil.set(phrase.concept, end);
        phraseUntil = Math.max(phraseUntil, end);
      }
    }
    if (phraseUntil <= i && !STOP_WORDS.has(ws[i])) terms.push({ term: stemOf(ws[i]), from: i, to: i + 1 });
  }
  return { words: ws, terms };
}

/** The search terms of a text: the concepts it mentions and the stems of its other content words. */
export function analyze(text: string): string[] {
  return analyzeWords(text).terms.map((span) => span.term);
}

/** What marks a word term (see wordTerms) apart from analyze()'s terms. */
export const WORD_TERM = '=';

/**
 * The stems of a text's content words, each marked with WORD_TERM, phrases or not: what the text
 * says in its own words, where analyze() says it through the vocabulary's concepts. Two wordings the
 * vocabulary files under different concepts ("check a new supplier is secure", "assess the security
 * of your vendors") still meet on a word they share ("secure", "security").
 */
export function wordTerms(text: string): string[] {
  return words(withoutReference(text))
    .filter((w) => !STOP_WORDS.has(w) && !DETERMINERS.has(w))
    .map((w) => `${WORD_TERM}${stemOf(w)}`);
}

/**
 * The word terms (see wordTerms) of the words analyze() hides in its concepts: a library question
 * is indexed with these only, as its other words are its analysis's own stems already.
 */
export function hiddenWordTerms(text: string): string[] {
  const { words: ws, terms } = analyzeWords(text);
  const hidden = new Set<number>();
  for (const span of terms)
    if (span.term.startsWith('~')) for (let at = span.from; at < span.to; at++) hidden.add(at);
  return [...hidden]
    .filter((at) => !STOP_WORDS.has(ws[at]) && !DETERMINERS.has(ws[at]))
    .map((at) => `${WORD_TERM}${stemOf(ws[at])}`);
}

/** A text's words as the analysis reads them (lower-case, accents folded), for prefix matching. */
export const wordsOf = (text: string): string[] => words(text);

/** Raised by hand when analyze() or the terms an index holds (5: wordTerms) change in a way the vocabulary and the stop words do not show. */
const REVISION = 5;

let analysis: string | null = null;

/**
 * Names this analysis: an index whose terms came from another one (an older vocabulary, say)
 * would miss queries analysed by this one, so it is built again (see engine.ts fromJSON).
 */
export function analysisName(): string {
  analysis ??= createHash('sha256')
    .update(JSON.stringify([REVISION, [...STOP_WORDS], [...DETERMINERS], vocabulary()]))
    .digest('hex')
    .slice(0, 16);
  return analysis;
}
