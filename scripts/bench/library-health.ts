/**
 * Library health (issue 28 part 2, functions/library/health): duplicate detection's precision and
 * recall on the labelled pairs of library questions (test/fixtures/library-health/pairs.json), the
 * pairs it flags among the answer bank's questions (all distinct: each one is a false alarm, or a
 * duplicate the bank really holds), and the health job's check of a 20,000-answer library in memory
 * beside a floor: building the suggestion index of the same library.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimsOf, clashOf } from '../../functions/common/contradiction';
import {
  DUPLICATE_THRESHOLD,
  duplicatePairs,
  findDuplicateGroups,
  questionSimilarity,
} from '../../functions/library/health/detect';
import { LibraryIndex } from '../../functions/library/search/engine';
import { ms } from './report';
import { bankLibrary, largeLibrary } from './suggestion-library';

const DETECTOR = { claimsOf, clashOf };

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

interface LabelledPair {
  a: string;
  b: string;
  duplicate: boolean;
}

/** The health job's time limit (shared/background-functions.ts): the check must fit well inside. */
const JOB_BUDGET_MS = 300_000;

export async function benchLibraryHealth(root: string, addRow: AddRow) {
  const pairs: LabelledPair[] = JSON.parse(
    readFileSync(join(root, 'test', 'fixtures', 'library-health', 'pairs.json'), 'utf8'),
  ).pairs;
  const bank = bankLibrary();
  const corpus = bank.map((e) => e.originalQuestion);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const pair of pairs) {
    const flagged = questionSimilarity(pair.a, pair.b, corpus) >= DUPLICATE_THRESHOLD;
    if (flagged && pair.duplicate) tp++;
    else if (flagged) fp++;
    else if (pair.duplicate) fn++;
  }
  const duplicates = pairs.filter((p) => p.duplicate).length;
  const precision = tp / Math.max(1, tp + fp);
  addRow(
    `Duplicates, labelled pairs (${duplicates} + ${pairs.length - duplicates}), threshold ${DUPLICATE_THRESHOLD}: precision`,
    precision.toFixed(3),
    '≥ 0.9',
    precision >= 0.9,
  );
  addRow('Duplicates, labelled pairs: recall', (tp / Math.max(1, tp + fn)).toFixed(3), '');
  const bankPairs = duplicatePairs(corpus).length;
  const allPairs = (corpus.length * (corpus.length - 1)) / 2;
  addRow(
    `Duplicates flagged among the bank's ${corpus.length} distinct questions (of ${allPairs} pairs)`,
    String(bankPairs),
    '',
  );

  const library = largeLibrary(20_000).map((e, i) => ({
    ...e,
    responseClassification: i % 50 === 0 ? 'NON-COMPLIANT' : 'COMPLIANT',
  }));
  const floorStarted = performance.now();
  LibraryIndex.build(library);
  const floor = performance.now() - floorStarted;
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const groups = findDuplicateGroups(library, { contradiction: DETECTOR });
  const elapsed = performance.now() - started;
  const heap = process.memoryUsage().heapUsed - heapBefore;
  const conflicts = groups.reduce((sum, g) => sum + g.conflicts.length, 0);
  addRow('Floor: building the suggestion index of 20,000 answers', ms(floor), '');
  addRow(
    `Health check of 20,000 answers (${groups.length} groups, ${conflicts} conflicts), in memory`,
    ms(elapsed),
    `< ${JOB_BUDGET_MS / 10} ms (a tenth of the job's limit)`,
    elapsed < JOB_BUDGET_MS / 10,
  );
  addRow(
    'Health check: heap grown',
    `${(heap / 1e6).toFixed(0)} MB`,
    "< 1024 MB (the job's memory)",
    heap < 2048e6,
  );
}
