import { Checkbox, Group } from '@mantine/core';
import { CLASSIFICATIONS, type Classification } from '@shared/schemas/question';
import { CLASSIFICATION_COLORS, CLASSIFICATION_LABELS } from '../../utils/answer-editor';

export interface ClassificationGroupProps {
  value: Classification;
  onChange: (value: Classification) => void;
  disabled?: boolean;
}

/** The compliance classification: a checkbox group in which exactly one is always selected. */
export function ClassificationGroup({ value, onChange, disabled }: ClassificationGroupProps) {
  return (
    <Checkbox.Group
      value={[value]}
      // Ticking another box moves the selection; unticking the selected one keeps it (one stays selected).
      onChange={(values) => {
        const picked = values.find((v) => v !== value);
        if (picked) onChange(picked as Classification);
      }}
      aria-label="Compliance Status"
    >
      <Group gap="md" mt={6} wrap="wrap">
        {CLASSIFICATIONS.map((c) => (
          <Checkbox
            key={c}
            value={c}
            label={CLASSIFICATION_LABELS[c]}
            color={CLASSIFICATION_COLORS[c] === 'gray' ? 'gray.6' : CLASSIFICATION_COLORS[c]}
            size="sm"
            disabled={disabled}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
