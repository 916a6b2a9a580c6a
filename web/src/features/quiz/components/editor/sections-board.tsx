import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Box, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { plural } from '@/features/quiz/utils/invites';
import { type DraftSection, moveQuestion, moveSection, sectionIdOf } from '@/features/quiz/utils/sections';
import {
  type DragData,
  type DragKind,
  isBelow,
  quizCollisions,
  quizKeyboardCoordinates,
  tabDroppableId,
} from './dnd';
import classes from './editor.module.css';
import { SectionCard } from './section-card';

export interface SectionsBoardProps {
  sections: DraftSection[];
  onChange: (sections: DraftSection[]) => void;
  /** Sections show as tabs, only the active one shown. */
  tabbed: boolean;
  activeSectionId: string | null;
  onActiveSection: (sectionId: string) => void;
  errors: Record<string, string>;
  readOnly: boolean;
  focusId: string | null;
  onLabel: (itemId: string, label: string) => void;
  onRemove: (itemId: string) => void;
  onAddQuestion: (sectionId: string) => void;
}

const dataOf = (x: { data: { current?: unknown } } | null | undefined) =>
  x?.data.current as DragData | undefined;

function SectionTab({
  section,
  position,
  hasError,
  dragging,
}: {
  section: DraftSection;
  position: number;
  hasError: boolean;
  dragging: boolean;
}) {
  const data: DragData = { kind: 'tab', sectionId: section.itemId };
  const { setNodeRef, isOver } = useDroppable({ id: tabDroppableId(section.itemId), data });
  const name = section.itemLabel.trim() || `Section ${position}`;
  return (
    <Tabs.Tab
      ref={setNodeRef}
      value={section.itemId}
      className={classes.tab}
      data-over={(dragging && isOver) || undefined}
      color={hasError ? 'red' : undefined}
      rightSection={
        <Badge size="xs" variant="light" color={hasError ? 'red' : 'gray'} radius="sm">
          {section.questions.length}
        </Badge>
      }
    >
      <span className={classes.tabLabel} title={name}>
        {name}
      </span>
    </Tabs.Tab>
  );
}

/**
 * The quiz's sections and questions, reordered by dragging (pointer or keyboard, by the grips):
 * questions within and across sections, sections among themselves. With many items the sections
 * are tabs; a question dropped on a tab moves to the end of that section, a section dropped on a
 * tab takes that tab's place.
 */
export function SectionsBoard({
  sections,
  onChange,
  tabbed,
  activeSectionId,
  onActiveSection,
  errors,
  readOnly,
  focusId,
  onLabel,
  onRemove,
  onAddQuestion,
}: SectionsBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: quizKeyboardCoordinates }),
  );
  const [active, setActive] = useState<{ id: string; kind: DragKind } | null>(null);
  const before = useRef<DraftSection[] | null>(null);
  /** The target a question crossed into another section over; a drop there keeps the place it took. */
  const crossedOver = useRef<string | null>(null);

  const firstNumbers = useMemo(() => {
    let n = 1;
    return sections.map((s) => {
      const first = n;
      n += s.questions.length;
      return first;
    });
  }, [sections]);

  const numberOf = (questionId: string) => {
    for (let s = 0; s < sections.length; s++) {
      const i = sections[s].questions.findIndex((q) => q.itemId === questionId);
      if (i >= 0) return firstNumbers[s] + i;
    }
    return 0;
  };
  const sectionName = (sectionId: string) => {
    const i = sections.findIndex((s) => s.itemId === sectionId);
    return i < 0 ? 'a section' : sections[i].itemLabel.trim() || `Section ${i + 1}`;
  };
  const describe = (id: UniqueIdentifier | undefined, data?: DragData) => {
    if (id === undefined) return '';
    const key = String(id);
    if (data?.kind === 'section') return `section ${sectionName(key)}`;
    if (data?.kind === 'question') return `question ${numberOf(key)} in ${sectionName(data.sectionId)}`;
    if (data?.kind === 'tab' || data?.kind === 'list') return `section ${sectionName(data.sectionId)}`;
    return 'item';
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${describe(a.id, dataOf(a))}.`,
    onDragOver: ({ active: a, over }) =>
      over ? `${describe(a.id, dataOf(a))} is over ${describe(over.id, dataOf(over))}.` : undefined,
    onDragEnd: ({ active: a, over }) =>
      over ? `Dropped ${describe(a.id, dataOf(a))}.` : `${describe(a.id, dataOf(a))} was dropped back.`,
    onDragCancel: ({ active: a }) => `Moving ${describe(a.id, dataOf(a))} was cancelled.`,
  };

  const onDragStart = ({ active: a }: DragStartEvent) => {
    const kind = dataOf(a)?.kind;
    if (kind !== 'section' && kind !== 'question') return;
    before.current = sections;
    crossedOver.current = null;
    setActive({ id: String(a.id), kind });
  };

  // A question crossing into another section moves there at once, so the list opens a gap for it.
  const onDragOver = ({ active: a, over }: DragOverEvent) => {
    if (dataOf(a)?.kind !== 'question' || !over) return;
    if (crossedOver.current !== String(over.id)) crossedOver.current = null;
    const target = dataOf(over);
    if (!target || (target.kind !== 'question' && target.kind !== 'list')) return;
    const from = sectionIdOf(sections, String(a.id));
    const to = target.sectionId;
    if (!from || from === to) return;
    const section = sections.find((s) => s.itemId === to);
    if (!section) return;
    let index = section.questions.length;
    if (target.kind === 'question') {
      const overIndex = section.questions.findIndex((q) => q.itemId === over.id);
      index = overIndex + (isBelow(a.rect.current.translated, over.rect) ? 1 : 0);
    }
    crossedOver.current = String(over.id);
    onChange(moveQuestion(sections, String(a.id), to, index));
  };

  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    before.current = null;
    const crossed = crossedOver.current;
    crossedOver.current = null;
    const dragged = dataOf(a);
    const target = dataOf(over);
    if (!over || !dragged || !target) return;
    const id = String(a.id);
    if (dragged.kind === 'section') {
      if (target.kind === 'section' || target.kind === 'tab')
        onChange(moveSection(sections, id, target.sectionId));
      return;
    }
    if (target.kind === 'tab') {
      const section = sections.find((s) => s.itemId === target.sectionId);
      if (section) onChange(moveQuestion(sections, id, section.itemId, section.questions.length));
      return;
    }
    // Dropped right after crossing into another section: it is where it should be.
    if (target.kind !== 'question' || crossed === String(over.id)) return;
    const section = sections.find((s) => s.itemId === sectionIdOf(sections, String(over.id)));
    if (!section) return;
    const overIndex = section.questions.findIndex((q) => q.itemId === over.id);
    onChange(moveQuestion(sections, id, section.itemId, overIndex));
  };

  const onDragCancel = () => {
    if (before.current) onChange(before.current);
    before.current = null;
    setActive(null);
  };

  const shown = tabbed ? sections.filter((s) => s.itemId === activeSectionId) : sections;
  const card = (section: DraftSection) => {
    const index = sections.indexOf(section);
    return (
      <SectionCard
        key={section.itemId}
        section={section}
        position={index + 1}
        firstNumber={firstNumbers[index]}
        errors={errors}
        readOnly={readOnly}
        folded={active?.kind === 'section'}
        focusId={focusId}
        onLabel={onLabel}
        onRemove={onRemove}
        onAddQuestion={onAddQuestion}
      />
    );
  };

  const overlay = () => {
    if (!active) return null;
    if (active.kind === 'section') {
      const section = sections.find((s) => s.itemId === active.id);
      if (!section) return null;
      return (
        <Group className={classes.overlay} gap="xs" wrap="nowrap">
          <IconGripVertical size={16} color="var(--mantine-color-gray-6)" />
          <Text fw={650} truncate>
            {sectionName(section.itemId)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {plural(section.questions.length, 'question')}
          </Text>
        </Group>
      );
    }
    const label = sections.flatMap((s) => s.questions).find((q) => q.itemId === active.id)?.itemLabel;
    return (
      <Group className={classes.overlay} gap="xs" wrap="nowrap">
        <IconGripVertical size={16} color="var(--mantine-color-gray-6)" />
        <Text size="sm" c="dimmed" fw={600}>
          {numberOf(active.id)}.
        </Text>
        <Text size="sm" lineClamp={2}>
          {label?.trim() || 'New question'}
        </Text>
      </Group>
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={quizCollisions}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this item, press Space. Use the arrow keys to move it, Space again to drop it here, or Escape to cancel.',
        },
      }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <SortableContext items={sections.map((s) => s.itemId)} strategy={verticalListSortingStrategy}>
        {tabbed ? (
          <Tabs value={activeSectionId} onChange={(v) => v && onActiveSection(v)} keepMounted={false}>
            <Stack gap="sm">
              <Tabs.List className={classes.tabsList} aria-label="Sections">
                {sections.map((section, i) => (
                  <SectionTab
                    key={section.itemId}
                    section={section}
                    position={i + 1}
                    dragging={active !== null}
                    hasError={[section.itemId, ...section.questions.map((q) => q.itemId)].some(
                      (id) => errors[id],
                    )}
                  />
                ))}
              </Tabs.List>
              {readOnly ? null : (
                <Text size="xs" c="dimmed">
                  This quiz is long, so its sections show one at a time. To move a question to another
                  section, drag it onto that section's tab; drag a section by its grip onto a tab to put it in
                  that place.
                </Text>
              )}
              {shown.map(card)}
            </Stack>
          </Tabs>
        ) : (
          <Stack gap="md">{shown.map(card)}</Stack>
        )}
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        <Box>{overlay()}</Box>
      </DragOverlay>
    </DndContext>
  );
}
