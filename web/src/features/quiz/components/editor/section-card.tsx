import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { QUIZ_ITEM_LABEL_MAX } from '@shared/schemas/quiz';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import { plural } from '@/features/quiz/utils/invites';
import type { DraftSection } from '@/features/quiz/utils/sections';
import { type DragData, listDroppableId } from './dnd';
import { DragHandle } from './drag-handle';
import classes from './editor.module.css';
import { QuestionRow } from './question-row';

export interface SectionCardProps {
  section: DraftSection;
  /** 1-based place of the section. */
  position: number;
  /** The number of the section's first question (questions are numbered across the quiz). */
  firstNumber: number;
  errors: Record<string, string>;
  readOnly: boolean;
  /** While a section is dragged every section folds to its heading. */
  folded: boolean;
  focusId: string | null;
  onLabel: (itemId: string, label: string) => void;
  onRemove: (itemId: string) => void;
  onAddQuestion: (sectionId: string) => void;
}

/**
 * A section: its heading (an editable name), then its questions, each sortable, and Add Question.
 * An empty section is a drop target for questions.
 */
export const SectionCard = memo(function SectionCard({
  section,
  position,
  firstNumber,
  errors,
  readOnly,
  folded,
  focusId,
  onLabel,
  onRemove,
  onAddQuestion,
}: SectionCardProps) {
  const sectionData: DragData = { kind: 'section', sectionId: section.itemId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: section.itemId,
      data: sectionData,
      disabled: readOnly,
    });
  const listData: DragData = { kind: 'list', sectionId: section.itemId, count: section.questions.length };
  const list = useDroppable({ id: listDroppableId(section.itemId), data: listData, disabled: readOnly });
  const heading = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusId === section.itemId) {
      heading.current?.focus();
      heading.current?.select();
    }
  }, [focusId, section.itemId]);
  const name = section.itemLabel.trim() || `Section ${position}`;

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      className={classes.section}
      data-dragging={isDragging || undefined}
      data-section-id={section.itemId}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      component="section"
      aria-label={name}
    >
      <Group className={classes.sectionHeader} gap={6} wrap="nowrap" align="flex-start">
        <DragHandle
          ref={setActivatorNodeRef}
          label={`Move section ${name}`}
          attributes={attributes}
          listeners={listeners}
          disabled={readOnly}
          mt={6}
        />
        <Textarea
          ref={heading}
          autosize
          minRows={1}
          maxRows={4}
          className={classes.grow}
          classNames={{ input: classes.sectionInput }}
          variant="unstyled"
          aria-label={`Section ${position} name`}
          placeholder="Section name, e.g. Access control"
          maxLength={QUIZ_ITEM_LABEL_MAX}
          value={section.itemLabel}
          onChange={(e) => onLabel(section.itemId, e.currentTarget.value.replace(/\n/g, ' '))}
          // A heading is one line (it wraps on screen): Enter does not break it.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          error={errors[section.itemId]}
          readOnly={readOnly}
        />
        <Text size="xs" c="dimmed" className={classes.count} visibleFrom="xs">
          {plural(section.questions.length, 'question')}
        </Text>
        {readOnly ? null : (
          <Tooltip label="Remove section" withArrow openDelay={300}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={28}
              mt={6}
              aria-label={`Remove section ${name}`}
              onClick={() => onRemove(section.itemId)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>

      {folded ? null : (
        <Stack gap={0} className={classes.sectionBody}>
          <SortableContext
            id={section.itemId}
            items={section.questions.map((q) => q.itemId)}
            strategy={verticalListSortingStrategy}
          >
            <div
              ref={list.setNodeRef}
              className={classes.questionList}
              data-over={(list.isOver && section.questions.length === 0) || undefined}
            >
              {section.questions.length === 0 ? (
                <Text size="sm" c="dimmed" ta="center" className={classes.emptyList}>
                  No questions in this section yet. Add one, or drag a question here.
                </Text>
              ) : (
                section.questions.map((question, i) => (
                  <QuestionRow
                    key={question.itemId}
                    question={question}
                    sectionId={section.itemId}
                    number={firstNumber + i}
                    error={errors[question.itemId]}
                    readOnly={readOnly}
                    autoFocus={focusId === question.itemId}
                    onLabel={onLabel}
                    onRemove={onRemove}
                  />
                ))
              )}
            </div>
          </SortableContext>
          {readOnly ? null : (
            <Group px="md" pb="sm" pt={4}>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} />}
                onClick={() => onAddQuestion(section.itemId)}
                aria-label={`Add Question to ${name}`}
              >
                Add Question
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
});
