/** Precision and recall of the contradiction detector on a labelled set of answer pairs. */
import { findContradiction } from './index';

export interface LabelledPair {
  a: string;
  b: string;
  contradict: boolean;
}

export interface DetectorQuality {
  pairs: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** The pairs the detector got wrong, for a reader. */
  falseAlarms: LabelledPair[];
  missed: LabelledPair[];
}

export function measureDetector(pairs: LabelledPair[]): DetectorQuality {
  const falseAlarms: LabelledPair[] = [];
  const missed: LabelledPair[] = [];
  let truePositives = 0;
  for (const pair of pairs) {
    const found = findContradiction(pair.a, pair.b) !== undefined;
    if (found && pair.contradict) truePositives++;
    else if (found) falseAlarms.push(pair);
    else if (pair.contradict) missed.push(pair);
  }
  const flagged = truePositives + falseAlarms.length;
  const actual = truePositives + missed.length;
  return {
    pairs: pairs.length,
    truePositives,
    falsePositives: falseAlarms.length,
    falseNegatives: missed.length,
    precision: flagged ? truePositives / flagged : 1,
    recall: actual ? truePositives / actual : 1,
    falseAlarms,
    missed,
  };
}
