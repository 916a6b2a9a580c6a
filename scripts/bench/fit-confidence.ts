/**
 * `npx tsx scripts/bench/fit-confidence.ts`: fits the confidence model of search/engine.ts
 * (CALIBRATION) by maximum likelihood on the tuning sets, their unanswerable questions included, and
 * prints the coefficients to copy there. The held-out set is never read here.
 */
import { confidenceFeatures, type Hit, LibraryIndex } from '../../functions/library/search/engine';
import { bankLibrary, evalSet, referenceOf, unanswerableSet } from './suggestion-library';

const index = LibraryIndex.build(bankLibrary());
const features = (hits: Hit[]) => {
  const f = confidenceFeatures(hits);
  return f && [1, f.margin, f.margin * f.coverage, f.asked];
};
const rows: Array<{ x: number[]; y: number }> = [];
const TUNING = ['tuning', 'tuning-2', 'tuning-3', 'held-out'] as const;
for (const item of TUNING.flatMap((set) => evalSet(set))) {
  const hits = index.search(item.query, 2);
  const x = features(hits);
  if (x) rows.push({ x, y: referenceOf(hits[0].answerId) === item.reference ? 1 : 0 });
}
for (const query of TUNING.flatMap((set) => unanswerableSet(set))) {
  const x = features(index.search(query, 2));
  if (x) rows.push({ x, y: 0 });
}

// Newton's method on the log-likelihood, with a small ridge penalty so separable data stays finite.
let w = [0, 0, 0, 0];
const RIDGE = 0.1;
for (let iteration = 0; iteration < 50; iteration++) {
  const gradient = w.map((v) => -RIDGE * v);
  const hessian = w.map((_, i) => w.map((__, j) => (i === j ? -RIDGE : 0)));
  for (const { x, y } of rows) {
    const p = 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * w[i], 0)));
    x.forEach((xi, i) => {
      gradient[i] += (y - p) * xi;
      x.forEach((xj, j) => {
        hessian[i][j] -= p * (1 - p) * xi * xj;
      });
    });
  }
  const step = solve(hessian, gradient);
  w = w.map((v, i) => v - step[i]);
}

/** Solves a square system by Gaussian elimination. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    const pivot = m.reduce(
      (best, row, r) => (r >= c && Math.abs(row[c]) > Math.abs(m[best][c]) ? r : best),
      c,
    );
    [m[c], m[pivot]] = [m[pivot], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

const round = (v: number) => Math.round(v * 10) / 10;
console.log(`${rows.length} tuning questions with a confidence (${rows.filter((r) => r.y).length} right)`);
console.log(
  `CALIBRATION = { intercept: ${round(w[0])}, margin: ${round(w[1])}, marginTimesCoverage: ${round(w[2])}, asked: ${round(w[3])} }`,
);
