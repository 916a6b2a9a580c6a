import type { Classification } from '@shared/schemas/question';
import { StatusBadge } from '@/components/status-badge';

/** The badges' texts (spec 002 §2.4: Compliant, Not compliant, Partially Compliant, Not Applicable). */
export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  COMPLIANT: 'Compliant',
  'NON-COMPLIANT': 'Not compliant',
  'PARTIALLY-COMPLIANT': 'Partially Compliant',
  'NOT-APPLICABLE': 'Not Applicable',
  INCOMPLETE: 'Not Specified',
};

/** The product's compliance colours (the dashboard's tiles and the question list's markers). */
export const CLASSIFICATION_COLORS: Record<Classification, string> = {
  COMPLIANT: 'teal',
  'NON-COMPLIANT': 'red',
  'PARTIALLY-COMPLIANT': 'orange',
  'NOT-APPLICABLE': 'gray',
  INCOMPLETE: 'gray',
};

/** An answer's classification as a badge, in the product's compliance colours (Insights, quiz answers). */
export function ClassificationBadge({ classification }: { classification: Classification }) {
  return (
    <StatusBadge color={CLASSIFICATION_COLORS[classification]} data-classification={classification}>
      {CLASSIFICATION_LABELS[classification]}
    </StatusBadge>
  );
}
