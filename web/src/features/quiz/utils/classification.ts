/**
 * Compliance badges of the answers that came back (as the answering screen names them: Compliant, Not Compliant,
 * Partially Compliant, Not Applicable), in the product's compliance colours.
 */
import type { Classification } from '@shared/schemas/question';

export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  COMPLIANT: 'Compliant',
  'NON-COMPLIANT': 'Not Compliant',
  'PARTIALLY-COMPLIANT': 'Partially Compliant',
  'NOT-APPLICABLE': 'Not Applicable',
  INCOMPLETE: 'Not Specified',
};

export const CLASSIFICATION_COLORS: Record<Classification, string> = {
  COMPLIANT: 'teal',
  'NON-COMPLIANT': 'red',
  'PARTIALLY-COMPLIANT': 'orange',
  'NOT-APPLICABLE': 'gray',
  INCOMPLETE: 'gray',
};

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
