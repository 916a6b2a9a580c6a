/**
 * Ranking the library's answers for a question or a search: BM25 over the entry's question and
 * answer, the question weighted above the answer, English stop words left out and words reduced to
 * a common stem, so "encrypting" finds "encrypted". Pure; the per-team index of the suggestion
 * engine replaces the scan when it lands behind the same signature.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers him his ' +
    'how i if in into is it its itself just me more most my no nor not of off on once only or other our ours out over ' +
    'own same she should so some such than that the their theirs them then there these they this those through to too ' +
    'under until up very was we were what when where which while who whom why will with would you your yours please ' +
    'describe provide explain list detail'
  ).split(' '),
);

/** A light English stemmer: plural, -ing, -ed, -ly and -ion endings folded. */
export function stem(word: string): string {
  let w = word;
  for (const [suffix, keep] of [
    ['ational', 'ate'],
    ['ization', 'ize'],
    ['ations', 'ate'],
    ['ation', 'ate'],
    ['ings', ''],
    ['ing', ''],
    ['ies', 'y'],
    ['ied', 'y'],
    ['edly', ''],
    ['ed', ''],
    ['ly', ''],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) {
      w = w.slice(0, w.length - suffix.length) + keep;
      break;
    }
  }
  return w.replace(/(.)\1$/, '$1');
}

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((t) => !STOP_WORDS.has(t)).map(stem);
}

export interface Rankable {
  answerId: string;
  originalQuestion: string;
  answer: string;
}

const FIELDS = [
  { of: (e: Rankable) => e.originalQuestion, weight: 2 },
  { of: (e: Rankable) => e.answer, weight: 1 },
] as const;
const K1 = 1.2;
const B = 0.75;

/** The entries best matching the query, best first, with their scores (none below `minScore`). */
export function rankAnswers<T extends Rankable>(
  entries: T[],
  query: string,
  limit: number,
  minScore = 0,
): Array<{ entry: T; score: number }> {
  const wanted = [...new Set(terms(query))];
  if (!wanted.length || !entries.length) return [];
  const docs = entries.map((entry) => FIELDS.map((f) => terms(f.of(entry))));
  const avg = FIELDS.map((_, i) => docs.reduce((n, d) => n + d[i].length, 0) / docs.length || 1);
  const df = new Map<string, number>();
  for (const doc of docs) for (const t of new Set(doc.flat())) df.set(t, (df.get(t) ?? 0) + 1);
  const scored = docs.map((doc, index) => {
    let score = 0;
    for (const t of wanted) {
      const n = df.get(t) ?? 0;
      if (!n) continue;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      FIELDS.forEach((field, i) => {
        const tf = doc[i].filter((x) => x === t).length;
        if (tf)
          score +=
            field.weight * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc[i].length) / avg[i])));
      });
    }
    return { entry: entries[index], score };
  });
  return scored
    .filter((s) => s.score > minScore)
    .sort((a, b) => b.score - a.score || a.entry.answerId.localeCompare(b.entry.answerId))
    .slice(0, limit);
}
