import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { forwardRef } from 'react';

export interface DragHandleProps {
  label: string;
  attributes?: DraggableAttributes;
  listeners?: DraggableSyntheticListeners;
  disabled?: boolean;
  mt?: number;
}

/**
 * The grip a section or a question is dragged by: with the pointer, or with the keyboard (focus
 * it, Space to pick up, the arrow keys to move, Space to drop, Escape to cancel).
 */
export const DragHandle = forwardRef<HTMLButtonElement, DragHandleProps>(function DragHandle(
  { label, attributes, listeners, disabled, mt },
  ref,
) {
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      size={28}
      mt={mt}
      aria-label={label}
      disabled={disabled}
      style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
});
