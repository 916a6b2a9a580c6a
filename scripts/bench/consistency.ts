/**
 * The contradiction detector behind the consistency check (functions/common/contradiction):
 * precision and recall on the labelled answer pairs (test/fixtures/consistency/pairs.json), and
 * the time to compare every answer of a 400-question project with every other.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimsOf, clashOf } from '../../functions/common/contradiction';
import { type LabelledPair, measureDetector } from '../../functions/common/contradiction/quality';
import { ms } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

export async function benchConsistency(root: string, addRow: AddRow) {
  const pairs: LabelledPair[] = JSON.parse(
    readFileSync(join(root, 'test', 'fixtures', 'consistency', 'pairs.json'), 'utf8'),
  ).pairs;
  const q = measureDetector(pairs);
  const contradicting = pairs.filter((pair) => pair.contradict).length;
  addRow(
    `Contradictions, labelled pairs (${contradicting} + ${pairs.length - contradicting}): precision`,
    q.precision.toFixed(3),
    '≥ 0.9',
    q.precision >= 0.9,
  );
  addRow('Contradictions, labelled pairs: recall', q.recall.toFixed(3), '');

  const texts = pairs.flatMap((pair) => [pair.a, pair.b]);
  const project = Array.from({ length: 400 }, (_, i) => texts[i % texts.length]);
  const started = performance.now();
  const claims = project.map(claimsOf);
  let findings = 0;
  for (let i = 0; i < claims.length; i++) {
    for (let j = i + 1; j < claims.length; j++) if (clashOf(claims[i], claims[j])) findings++;
  }
  const elapsed = performance.now() - started;
  addRow(
    `Consistency check of 400 answers (${findings} clashing pairs)`,
    ms(elapsed),
    '< 1000 ms',
    elapsed < 1000,
  );
}
