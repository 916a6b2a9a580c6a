import type { Classification, Question, ResponseStatus } from '@shared/schemas/question';
import { IconCircleCheckFilled, IconCircleDashed, IconCircleHalf2 } from '@tabler/icons-react';

export const STATUS_LABELS: Record<ResponseStatus, string> = {
  INCOMPLETE: 'Incomplete',
  'IN-PROGRESS': 'In Progress',
  COMPLETE: 'Complete',
};
export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  COMPLIANT: 'Compliant',
  'PARTIALLY-COMPLIANT': 'Partially Compliant',
  'NON-COMPLIANT': 'Not Compliant',
  'NOT-APPLICABLE': 'Not Applicable',
  INCOMPLETE: 'Not Specified',
};
/** The compliance colours of the product (the dashboard's tiles). */
export const CLASSIFICATION_COLORS: Record<Classification, string> = {
  COMPLIANT: 'teal',
  'PARTIALLY-COMPLIANT': 'orange',
  'NON-COMPLIANT': 'red',
  'NOT-APPLICABLE': 'gray',
  INCOMPLETE: 'gray',
};

export const markerLabel = (q: Pick<Question, 'responseStatus' | 'responseClassification'>) =>
  `${STATUS_LABELS[q.responseStatus]} · ${CLASSIFICATION_LABELS[q.responseClassification]}`;

/**
 * A question's state at a glance: the shape is the response status (dashed ring: incomplete, half:
 * in progress, filled check: complete), the colour its classification.
 */
export function StatusMarker({
  question,
  size = 14,
}: {
  question: Pick<Question, 'responseStatus' | 'responseClassification'>;
  size?: number;
}) {
  const color = `var(--mantine-color-${CLASSIFICATION_COLORS[question.responseClassification]}-${
    question.responseClassification === 'INCOMPLETE' ? 4 : 6
  })`;
  const Icon =
    question.responseStatus === 'COMPLETE'
      ? IconCircleCheckFilled
      : question.responseStatus === 'IN-PROGRESS'
        ? IconCircleHalf2
        : IconCircleDashed;
  return (
    <Icon
      size={size}
      stroke={1.75}
      color={color}
      role="img"
      aria-label={markerLabel(question)}
      data-status={question.responseStatus}
      data-classification={question.responseClassification}
      style={{ flex: 'none' }}
    />
  );
}
