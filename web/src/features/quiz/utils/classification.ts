/** Counting the classifications of the answers that came back (the badges: components/classification-badge). */
import type { Classification } from '@shared/schemas/question';

/** The order the answers' summary counts them in. */
export const CLASSIFICATION_ORDER: readonly Classification[] = [
  'COMPLIANT',
  'PARTIALLY-COMPLIANT',
  'NON-COMPLIANT',
  'NOT-APPLICABLE',
  'INCOMPLETE',
];

/** How many answers carry each classification (a question without one counts as Not Specified). */
export function classificationCounts(
  items: readonly { itemType: string; responseClassification?: Classification }[],
): Map<Classification, number> {
  const counts = new Map<Classification, number>();
  for (const item of items) {
    if (item.itemType !== 'QUESTION') continue;
    const key = item.responseClassification ?? 'INCOMPLETE';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map(CLASSIFICATION_ORDER.filter((c) => counts.has(c)).map((c) => [c, counts.get(c) ?? 0]));
}
