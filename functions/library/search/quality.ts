/**
 * Retrieval quality on an evaluation set: for each query, the rank of the group (the approved
 * answer) it should retrieve among the engine's grouped hits. Recall@k is the share of queries whose
 * answer is in the first k; MRR the mean of 1/rank (0 when not in the first 10).
 */
import { confidenceOf, type Hit, type LibraryIndex } from './engine';

export interface EvalItem {
  query: string;
  /** The library entry that answers it. */
  reference: string;
}

export interface Quality {
  queries: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
  /** Each query's top hit and whether it was the right answer (for calibrating confidence). */
  tops: Array<{ item: EvalItem; hits: Hit[]; right: boolean }>;
}

const DEPTH = 10;

/** `isRight` tells whether a hit carries the approved answer of the item's reference. */
export function measureQuality(
  index: LibraryIndex,
  items: EvalItem[],
  isRight: (hit: Hit, item: EvalItem) => boolean,
): Quality {
  let at1 = 0;
  let at5 = 0;
  let reciprocal = 0;
  const tops: Quality['tops'] = [];
  for (const item of items) {
    const hits = index.search(item.query, DEPTH);
    const rank = hits.findIndex((h) => isRight(h, item)) + 1;
    if (rank === 1) at1++;
    if (rank >= 1 && rank <= 5) at5++;
    if (rank) reciprocal += 1 / rank;
    tops.push({ item, hits, right: rank === 1 });
  }
  const n = items.length || 1;
  return { queries: items.length, recallAt1: at1 / n, recallAt5: at5 / n, mrr: reciprocal / n, tops };
}

export interface AutofillPrecision {
  questions: number;
  /** Proposals at or above the threshold (what autofill would fill). */
  filled: number;
  right: number;
  precision: number;
}

/**
 * What autofill would do on an evaluation set plus questions the library cannot answer (any
 * proposal for those is wrong): how many it fills and how many of those are right.
 */
export function autofillPrecision(
  index: LibraryIndex,
  items: EvalItem[],
  unanswerable: string[],
  isRight: (hit: Hit, item: EvalItem) => boolean,
  threshold: number,
): AutofillPrecision {
  let filled = 0;
  let right = 0;
  for (const item of items) {
    const hits = index.search(item.query, 2);
    if (confidenceOf(hits) < threshold) continue;
    filled++;
    if (isRight(hits[0], item)) right++;
  }
  for (const query of unanswerable) if (confidenceOf(index.search(query, 2)) >= threshold) filled++;
  return {
    questions: items.length + unanswerable.length,
    filled,
    right,
    precision: filled ? right / filled : 1,
  };
}
