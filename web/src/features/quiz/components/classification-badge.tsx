import { Badge } from '@mantine/core';
import type { Classification } from '@shared/schemas/question';
import { CLASSIFICATION_COLORS, CLASSIFICATION_LABELS } from '@/features/quiz/utils/classification';

/** An answer's compliance, as the product shows it everywhere (Compliant, Not Compliant, …). */
export function ClassificationBadge({ classification }: { classification: Classification }) {
  return (
    <Badge
      color={CLASSIFICATION_COLORS[classification]}
      variant="light"
      radius="sm"
      size="sm"
      tt="none"
      fw={600}
      style={{ flexShrink: 0 }}
      data-classification={classification}
    >
      {CLASSIFICATION_LABELS[classification]}
    </Badge>
  );
}
