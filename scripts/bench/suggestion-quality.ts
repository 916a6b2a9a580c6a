/**
 * The suggestion engine in memory (no emulators): retrieval quality on the evaluation sets, what
 * autofill would fill and how much of it is right, and the index at 20,000 entries (build time,
 * serialised size, cold load, warm search p50 / p99 beside the floor of parsing the same JSON
 * without building the index). Figures are printed, never asserted.
 */
import { LibraryIndex } from '../../functions/library/search/engine';
import { autofillPrecision, measureQuality } from '../../functions/library/search/quality';
import { AUTOFILL_THRESHOLD } from '../../shared/schemas/answer';
import { ms, percentile } from './report';
import { bankLibrary, evalSet, largeLibrary, referenceOf, unanswerableSet } from './suggestion-library';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const LARGE = 20_000;
const right = (hit: { answerId: string }, item: { reference: string }) =>
  referenceOf(hit.answerId) === item.reference;
const pct = (x: number) => x.toFixed(3);

export async function benchSuggestionQuality(addRow: AddRow) {
  const bank = LibraryIndex.build(bankLibrary());
  let started = performance.now();
  const large = LibraryIndex.build(largeLibrary(LARGE));
  const buildMs = performance.now() - started;

  for (const [name, index, target1] of [
    ['answer bank (101)', bank, 0.9],
    [`${LARGE.toLocaleString('en')}-entry library`, large, 0.85],
  ] as const) {
    for (const set of ['tuning', 'tuning-2', 'tuning-3', 'held-out'] as const) {
      const q = measureQuality(index, evalSet(set), right);
      const heldOut = set === 'held-out';
      addRow(
        `${name}, ${set} (${q.queries}): Recall@1 / Recall@5 / MRR`,
        `${pct(q.recallAt1)} / ${pct(q.recallAt5)} / ${pct(q.mrr)}`,
        heldOut ? `R@1 ≥ ${target1}${index === bank ? ', R@5 ≥ 0.98' : ''}` : '',
        heldOut ? q.recallAt1 >= target1 && (index !== bank || q.recallAt5 >= 0.98) : undefined,
      );
    }
  }
  for (const set of ['tuning', 'tuning-2', 'tuning-3', 'held-out'] as const) {
    const a = autofillPrecision(bank, evalSet(set), unanswerableSet(set), right, AUTOFILL_THRESHOLD);
    addRow(
      `Autofill at ${AUTOFILL_THRESHOLD}, ${set} (+ unanswerable): filled / right / precision`,
      `${a.filled} of ${a.questions} / ${a.right} / ${pct(a.precision)}`,
      set === 'held-out' ? 'precision ≥ 0.95' : '',
      set === 'held-out' ? a.precision >= 0.95 : undefined,
    );
  }

  const json = large.toJSON();
  started = performance.now();
  JSON.parse(json);
  const parseMs = performance.now() - started;
  started = performance.now();
  const loaded = LibraryIndex.fromJSON(json) as LibraryIndex;
  const loadMs = performance.now() - started;
  const times: number[] = [];
  for (const item of [
    ...evalSet('held-out'),
    ...evalSet('tuning'),
    ...evalSet('tuning-2'),
    ...evalSet('tuning-3'),
  ]) {
    const t = performance.now();
    loaded.search(item.query, 10);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  addRow(`Index of ${LARGE.toLocaleString('en')} entries: build`, ms(buildMs), '');
  addRow('  serialised size', `${(json.length / 1e6).toFixed(1)} MB`, '');
  addRow('  cold load (JSON to index)', ms(loadMs), '< 1,000 ms', loadMs < 1000);
  addRow('  floor: JSON.parse of the same bytes', ms(parseMs), '');
  addRow('  ratio', `${(loadMs / parseMs).toFixed(1)}x`, '');
  addRow(
    '  warm search in memory, p50 / p99',
    `${ms(percentile(times, 50))} / ${ms(percentile(times, 99))}`,
    '',
  );
}
