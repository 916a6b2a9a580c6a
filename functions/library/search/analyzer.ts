/**
 * How library text and questions become search terms: words (accents folded, British spellings
 * made American), English and questionnaire stop words left out, the rest reduced to their Porter
 * stems, plus one concept term for each vocabulary phrase found (see vocabulary.ts). The same
 * analysis runs on the library and on the query, so they always meet on the same terms.
 */
import { stemmer } from 'stemmer';
import { VOCABULARY } from './vocabulary';

const STOP_WORDS = new Set(
  (
    'a about above after again all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers him his ' +
    'how i if in into is it its itself just me more most my no nor not of off on once only or other our ours out over ' +
    'own same she should so some such than that the their theirs them then there these they this those through to too ' +
    'under until up very was we were what when where which while who whom why will with would you your yours many much ' +
    // What every questionnaire says around the question itself.
    'please describe provide explain list detail confirm outline indicate state specify give ' +
    'vendor vendors supplier suppliers provider organization organisation company companies firm ' +
    'currently applicable appropriate etc e g ie'
  ).split(' '),
);

const BRITISH: Record<string, string> = {
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
};
/** -ise / -isation verbs spelt the British way, where the -ize form is the same word. */
const ISE =
  /^(organ|author|minim|anonym|pseudonym|priorit|recogn|central|standard|virtual|sanit|categor|custom|summar|util|final|normal|synchron|container|token|initial|optim|visual|local|personal|penal|digit|serial|real|general|special|emphas|apolog|characteris|memor)is(e|es|ed|ing|ation|ations|er|ers)$/;

const american = (word: string) => BRITISH[word] ?? word.replace(ISE, '$1iz$2');

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

interface Phrase {
  stems: string[];
  concept: string;
}

/** The vocabulary's phrases by their first stem, longest first; each group's concept term. */
const PHRASES = new Map<string, Phrase[]>();
for (const group of VOCABULARY) {
  const concept = `~${group[0].replace(/ /g, '_')}`;
  for (const form of group) {
    const stems = words(form).map(stemOf);
    if (!stems.length) continue;
    const list = PHRASES.get(stems[0]) ?? [];
    list.push({ stems, concept });
    PHRASES.set(stems[0], list);
  }
}
for (const list of PHRASES.values()) list.sort((a, b) => b.stems.length - a.stems.length);

/** The search terms of a text: stems of its content words and the concepts it mentions. */
export function analyze(text: string): string[] {
  const ws = words(text);
  const stems = ws.map(stemOf);
  const terms: string[] = [];
  /** Where each concept's last match ends, so one mention counts once. */
  const coveredUntil = new Map<string, number>();
  for (let i = 0; i < stems.length; i++) {
    for (const phrase of PHRASES.get(stems[i]) ?? []) {
      if ((coveredUntil.get(phrase.concept) ?? 0) > i) continue;
      if (phrase.stems.every((s, k) => stems[i + k] === s)) {
        terms.push(phrase.concept);
        coveredUntil.set(phrase.concept, i + phrase.stems.length);
      }
    }
    if (!STOP_WORDS.has(ws[i])) terms.push(stems[i]);
  }
  return terms;
}
