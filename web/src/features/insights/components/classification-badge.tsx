import { Badge } from '@mantine/core';
import type { InsightResult } from '@shared/schemas/insights';
import { CLASSIFICATION_COLORS, CLASSIFICATION_LABELS } from '@/features/insights/utils/format';

/** A result's classification, in the product's compliance colours (spec 002 §2.4, §9). */
export function ClassificationBadge({
  classification,
}: {
  classification: InsightResult['responseClassification'];
}) {
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
