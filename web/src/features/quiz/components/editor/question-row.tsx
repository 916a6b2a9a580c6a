import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { QUIZ_ITEM_LABEL_MAX } from '@shared/schemas/quiz';
import { IconTrash } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import type { DraftQuestion } from '@/features/quiz/utils/sections';
import type { DragData } from './dnd';
import { DragHandle } from './drag-handle';
import classes from './editor.module.css';

export interface QuestionRowProps {
  question: DraftQuestion;
  sectionId: string;
  number: number;
  error?: string;
  readOnly: boolean;
  /** Focus the question's text when it appears (a question just added). */
  autoFocus: boolean;
  onLabel: (itemId: string, label: string) => void;
  onRemove: (itemId: string) => void;
}

/** One question: its grip, its number, its text (several lines) and Remove. */
export const QuestionRow = memo(function QuestionRow({
  question,
  sectionId,
  number,
  error,
  readOnly,
  autoFocus,
  onLabel,
  onRemove,
}: QuestionRowProps) {
  const data: DragData = { kind: 'question', sectionId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: question.itemId,
      data,
      disabled: readOnly,
    });
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  return (
    <div
      ref={setNodeRef}
      className={classes.question}
      data-dragging={isDragging || undefined}
      data-item-id={question.itemId}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Group gap={6} align="flex-start" wrap="nowrap">
        <DragHandle
          ref={setActivatorNodeRef}
          label={`Move question ${number}`}
          attributes={attributes}
          listeners={listeners}
          disabled={readOnly}
          mt={4}
        />
        <Text size="sm" c="dimmed" fw={600} className={classes.number} aria-hidden>
          {number}.
        </Text>
        <Textarea
          ref={input}
          className={classes.grow}
          aria-label={`Question ${number}`}
          placeholder="Type the question, e.g. Do you encrypt customer data at rest?"
          autosize
          minRows={1}
          maxRows={10}
          maxLength={QUIZ_ITEM_LABEL_MAX}
          value={question.itemLabel}
          onChange={(e) => onLabel(question.itemId, e.currentTarget.value)}
          error={error}
          readOnly={readOnly}
        />
        {readOnly ? null : (
          <Tooltip label="Remove question" withArrow openDelay={300}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={28}
              mt={4}
              aria-label={`Remove question ${number}`}
              onClick={() => onRemove(question.itemId)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </div>
  );
});
