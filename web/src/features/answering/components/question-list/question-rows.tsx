import { Center, Stack, Text } from '@mantine/core';
import type { ProjectMember } from '@shared/schemas/project';
import type { Question } from '@shared/schemas/question';
import { IconAt, IconSparkles } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { UserAvatar } from '@/components/user-avatar';
import classes from './question-list.module.css';
import { type QuickViewAnchor, QuickViewCard } from './quick-view-card';
import { StatusMarker } from './status-marker';

export const ROW_HEIGHT = 30;
const HOVER_DELAY_MS = 450;

type Member = ProjectMember['member'];

interface RowProps {
  question: Question;
  top: number;
  /** Position in the whole list (1-based), shown when the question has no reference number. */
  position: number | undefined;
  active: boolean;
  member: Member | undefined;
  to: string;
  onHover: (question: Question, element: HTMLElement | null) => void;
}

const Row = memo(function Row({ question: q, top, position, active, member, to, onHover }: RowProps) {
  const assignee = q.assignedToUserId ? (member?.fullName ?? 'Former member') : undefined;
  return (
    <Link
      to={to}
      className={classes.row}
      style={{ transform: `translateY(${top}px)` }}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      data-question-id={q.questionId}
      data-testid="question-row"
      onMouseEnter={(e) => onHover(q, e.currentTarget)}
      onMouseLeave={() => onHover(q, null)}
    >
      <span className={classes.ref} title={q.referenceNumber}>
        {q.referenceNumber ?? position}
      </span>
      <span className={classes.text}>{q.question}</span>
      <span className={classes.slot}>
        {q.loggedInUserMentioned ? (
          <IconAt
            size={13}
            stroke={2}
            color="var(--mantine-color-indigo-6)"
            role="img"
            aria-label="You are mentioned"
            data-testid="mention-marker"
          />
        ) : q.libraryDraft ? (
          <IconSparkles
            size={13}
            stroke={2}
            color="var(--mantine-color-violet-6)"
            role="img"
            aria-label="Draft from the library, waiting for review"
            data-testid="draft-marker"
          />
        ) : null}
      </span>
      <span className={classes.slot}>
        <StatusMarker question={q} />
      </span>
      <span className={classes.avatarSlot}>
        {assignee ? (
          <UserAvatar
            fullName={assignee}
            photo={member?.photo}
            size={18}
            fz={8}
            aria-label={`Assigned to ${assignee}`}
          />
        ) : null}
      </span>
    </Link>
  );
});

export interface QuestionRowsProps {
  questions: readonly Question[];
  positions: ReadonlyMap<string, number>;
  activeId: string | undefined;
  members: ReadonlyMap<string, Member>;
  pathFor: (questionId: string) => string;
  /** Shown instead of rows when there are none. */
  empty: ReactNode;
}

/**
 * The question rows, virtualised (30 px each, only what is on screen plus a margin is rendered), so
 * 5,000 questions scroll as smoothly as 50. The open question is highlighted and scrolled into view
 * when it changes; hovering a row a moment shows the quick-view card beside the panel.
 */
export function QuestionRows({ questions, positions, activeId, members, pathFor, empty }: QuestionRowsProps) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: questions.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 16,
    getItemKey: (index) => questions[index]?.questionId ?? index,
  });

  // Scroll the open question into view once per question opened (not on every list refresh).
  const scrolledFor = useRef<string | undefined>(undefined);
  const activeIndex = activeId ? questions.findIndex((q) => q.questionId === activeId) : -1;
  useLayoutEffect(() => {
    if (activeIndex < 0 || scrolledFor.current === activeId) return;
    scrolledFor.current = activeId;
    virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeId, activeIndex, virtualizer]);

  const [anchor, setAnchor] = useState<QuickViewAnchor | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onHover = useCallback((question: Question, element: HTMLElement | null) => {
    clearTimeout(timer.current);
    if (!element) {
      setAnchor(null);
      return;
    }
    timer.current = setTimeout(() => {
      const row = element.getBoundingClientRect();
      const panel = scrollRef.current?.getBoundingClientRect();
      setAnchor({ question, top: row.top, bottom: row.bottom, left: panel?.right ?? row.right });
    }, HOVER_DELAY_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };

  return (
    <>
      <nav
        ref={scrollRef}
        className={classes.list}
        onScroll={anchor ? hide : undefined}
        data-testid="question-list"
        aria-label="Questions"
      >
        {questions.length === 0 ? (
          <Center h="100%" px="lg" py="xl">
            <Stack gap={4} align="center">
              {empty}
            </Stack>
          </Center>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const q = questions[item.index];
              if (!q) return null;
              return (
                <Row
                  key={item.key}
                  question={q}
                  top={item.start}
                  position={positions.get(q.questionId)}
                  active={q.questionId === activeId}
                  member={q.assignedToUserId ? members.get(q.assignedToUserId) : undefined}
                  to={pathFor(q.questionId)}
                  onHover={onHover}
                />
              );
            })}
          </div>
        )}
      </nav>
      {/* Outside the list: its containment would clip a fixed card. */}
      {anchor ? (
        <QuickViewCard
          anchor={anchor}
          member={
            anchor.question.assignedToUserId ? members.get(anchor.question.assignedToUserId) : undefined
          }
        />
      ) : null}
    </>
  );
}

export const EmptyListText = ({ title, children }: { title: string; children?: ReactNode }) => (
  <>
    <Text size="sm" fw={600} ta="center">
      {title}
    </Text>
    {children}
  </>
);
