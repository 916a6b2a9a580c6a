/**
 * The contradiction detector: do two answer texts make opposite claims on the same security
 * concept ("MFA is enforced for all users" / "MFA is optional")? Precision first — a false alarm
 * costs the user's trust — so a clause is only a claim when it names a concept and is not hedged
 * (plans, partial cover, conditions), and two claims clash only on the same concept, in the same
 * scope, with opposite polarity, and an "optional" only clashes with an "enforced" (not with a
 * mere "we use it"). The concepts and the polarity words are data (concepts.ts).
 */
import {
  ASSERTIONS,
  CLAUSE_BREAK,
  CONCEPTS,
  type ConceptData,
  HEDGES,
  NEGATIONS,
  NEGATORS,
  REQUIREMENTS,
  SCOPES,
  SUBORDINATE_OPENINGS,
} from './concepts';

export interface Contradiction {
  concept: string;
  a: string;
  b: string;
}

/** One claim of a text: a concept, its polarity and kind, the scope it is limited to, its clause. */
export interface Claim {
  concept: string;
  label: string;
  polarity: 1 | -1;
  /** "required": a claim on enforcement (enforced / optional); "exists": on the control itself. */
  strength: 'required' | 'exists';
  scope: string;
  phrase: string;
}

const escapeTerm = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Concept terms: short ones (acronyms) whole words with a plural, longer ones word-start prefixes. */
function termPattern(terms: string[]): RegExp {
  const parts = terms.map((term) =>
    term.length <= 3 ? `${escapeTerm(term)}s?(?![a-z0-9])` : escapeTerm(term),
  );
  return new RegExp(`(?<![a-z0-9])(?:${parts.join('|')})`);
}

/** Whole words or phrases only. */
function wordPattern(words: string[], flags = ''): RegExp {
  return new RegExp(`(?<![a-z0-9'-])(?:${words.map(escapeTerm).join('|')})(?![a-z0-9-])`, flags);
}

interface CompiledConcept {
  data: ConceptData;
  terms: RegExp;
  with?: RegExp;
  without?: RegExp;
}

const COMPILED: CompiledConcept[] = CONCEPTS.map((data) => ({
  data,
  terms: termPattern(data.terms),
  with: data.with ? termPattern(data.with) : undefined,
  without: data.without ? termPattern(data.without) : undefined,
}));
const NEGATIVE_WORD = wordPattern(
  NEGATIONS.filter((word) => word !== "n't" && !NEGATORS.includes(word)),
  'g',
);
const NEGATOR = wordPattern(NEGATORS, 'g');
const ASSERTION = new RegExp(`${wordPattern(ASSERTIONS).source}|[a-z]{3,}ed(?![a-z])`);
const REQUIREMENT = wordPattern(REQUIREMENTS);
const HEDGE = wordPattern(HEDGES);
const SCOPE = SCOPES.map((scope) => ({ id: scope.id, pattern: termPattern(scope.terms) }));
const CONTINUATION = wordPattern([
  'not',
  'never',
  'is',
  'are',
  'it',
  'this',
  'they',
  'and',
  'so',
  'nor',
  ...REQUIREMENTS,
]);
const OPENING = /^\s*(?:(yes)\b[\s,.;:!—–-]*|(no)\b\s*[,.;:!—–-]+\s*)/i;
/** How far after a negator a negative word is cancelled by it ("not optional", "never stored in plain text"). */
const CANCEL_SPAN = 30;

/** Lower case, straight apostrophes, contractions spelled out ("don't" → "do not"). */
function normalise(text: string): string {
  return ` ${text.toLowerCase().replace(/[’‘`]/g, "'")} `
    .replace(/\bcannot\b|\bcan't\b/g, ' not ')
    .replace(/\bwon't\b/g, ' will not ')
    .replace(/n't\b/g, ' not')
    .replace(/\s+/g, ' ');
}

interface Clause {
  text: string;
  subordinate: boolean;
  /** The clause opens a sentence (a continuation never crosses one). */
  opensSentence: boolean;
}

/** Sentences and clauses, each marked when a subordinating word opens it. */
function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  const breaker = new RegExp(CLAUSE_BREAK.source, 'gi');
  let start = 0;
  let opener = '';
  const push = (end: number) =>
    clauses.push({
      text: text.slice(start, end).trim(),
      subordinate: SUBORDINATE.test(opener),
      opensSentence: opener === '' || /[.;!?\n]/.test(opener),
    });
  for (const match of text.matchAll(breaker)) {
    push(match.index ?? 0);
    opener = match[0].toLowerCase();
    start = (match.index ?? 0) + match[0].length;
  }
  push(text.length);
  return clauses
    .filter((clause) => clause.text.length > 0)
    .map((clause) => {
      const first = normalise(clause.text).trim().split(' ')[0] ?? '';
      return { ...clause, subordinate: clause.subordinate || SUBORDINATE_OPENINGS.includes(first) };
    });
}
const SUBORDINATE = wordPattern(SUBORDINATE_OPENINGS);

function conceptsOf(norm: string): ConceptData[] {
  return COMPILED.filter(
    (concept) =>
      concept.terms.test(norm) && (!concept.with || concept.with.test(norm)) && !concept.without?.test(norm),
  ).map((concept) => concept.data);
}

/**
 * A clause's polarity: each negator cancels a negative word that follows it closely (a double
 * negative is a positive claim); any negation left makes the clause negative. undefined when the
 * clause asserts nothing.
 */
function polarityOf(norm: string): { polarity: 1 | -1; cancelledDisable: boolean } | undefined {
  const negatives = [...norm.matchAll(NEGATIVE_WORD)].map((m) => ({
    at: m.index ?? 0,
    word: m[0],
    used: false,
  }));
  let left = 0;
  let cancelledDisable = false;
  for (const negator of norm.matchAll(NEGATOR)) {
    const end = (negator.index ?? 0) + negator[0].length;
    const cancelled = negatives.find((n) => !n.used && n.at >= end && n.at - end <= CANCEL_SPAN);
    if (cancelled) {
      cancelled.used = true;
      if (cancelled.word.startsWith('disable') || cancelled.word.includes('off')) cancelledDisable = true;
    } else left++;
  }
  left += negatives.filter((n) => !n.used).length;
  if (left > 0) return { polarity: -1, cancelledDisable };
  if (cancelledDisable || ASSERTION.test(norm) || negatives.length > 0)
    return { polarity: 1, cancelledDisable };
  return undefined;
}

/**
 * Every claim a text makes. Two claims of one text on one concept, scope and kind with opposite
 * polarity cancel out (the text is unclear there).
 */
export function claimsOf(text: string): Claim[] {
  const raw = text.slice(0, 20_000);
  const opening = OPENING.exec(raw);
  const openingPolarity: 0 | 1 | -1 = opening ? (opening[1] ? 1 : -1) : 0;
  const body = opening ? raw.slice(opening[0].length) : raw;
  const found = new Map<string, Claim | null>();
  let previous: ConceptData[] = [];
  clausesOf(body).forEach((clause, position) => {
    const norm = normalise(clause.text);
    let concepts = conceptsOf(norm);
    if (!concepts.length && !clause.opensSentence && CONTINUATION.test(norm.trim().split(' ')[0] ?? '')) {
      concepts = previous;
    }
    previous = clause.opensSentence || concepts.length ? concepts : previous;
    if (clause.subordinate || !concepts.length || HEDGE.test(norm)) return;
    let read = polarityOf(norm);
    if (!read && position === 0 && openingPolarity !== 0)
      read = { polarity: openingPolarity, cancelledDisable: false };
    if (!read) return;
    const strength = read.cancelledDisable || REQUIREMENT.test(norm) ? 'required' : 'exists';
    const scope = SCOPE.filter((entry) => entry.pattern.test(norm))
      .map((entry) => entry.id)
      .join('+');
    for (const concept of concepts) {
      const key = `${concept.id}|${scope}|${strength}`;
      const earlier = found.get(key);
      if (earlier === null) continue;
      if (earlier && earlier.polarity !== read.polarity) found.set(key, null);
      else if (!earlier) {
        found.set(key, {
          concept: concept.id,
          label: concept.label,
          polarity: read.polarity,
          strength,
          scope,
          phrase: clause.text,
        });
      }
    }
  });
  return [...found.values()].filter((claim): claim is Claim => claim !== null);
}

/**
 * Whether two claims clash: same concept and opposite polarity; the same scope, or a denial with
 * no scope at all ("we do not use SSO") against any affirmation; and a denial of enforcement
 * ("optional") clashes only with an affirmation of enforcement.
 */
function clash(x: Claim, y: Claim): boolean {
  if (x.concept !== y.concept || x.polarity === y.polarity) return false;
  const [yes, no] = x.polarity === 1 ? [x, y] : [y, x];
  if (no.strength === 'required' && yes.strength !== 'required') return false;
  return yes.scope === no.scope || (no.scope === '' && no.strength === 'exists');
}

/** The first clash between two texts' claims. */
export function clashOf(claimsA: Claim[], claimsB: Claim[]): Contradiction | undefined {
  for (const a of claimsA) {
    for (const b of claimsB) {
      if (clash(a, b)) return { concept: a.label, a: a.phrase, b: b.phrase };
    }
  }
  return undefined;
}

export function findContradiction(textA: string, textB: string): Contradiction | undefined {
  return clashOf(claimsOf(textA), claimsOf(textB));
}
