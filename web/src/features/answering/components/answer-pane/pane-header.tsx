import { ActionIcon, Button, Group, Indicator, Menu, Text, Tooltip } from '@mantine/core';
import type { ProjectMember } from '@shared/schemas/project';
import type { Question } from '@shared/schemas/question';
import {
  IconBan,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconDots,
  IconEraser,
  IconHistory,
  IconLink,
  IconMessages,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { pagerOf } from '../../utils/answer-editor';
import { AssigneeSelect } from './assignee-select';
import { copyText, questionLink } from './clipboard';

/** Copy-link feedback lasts 3 s (spec 002 §9). */
export const LINK_FEEDBACK_MS = 3000;

export interface PaneHeaderProps {
  projectId: string;
  questionId: string;
  questions: Pick<Question, 'questionId'>[];
  onNavigate: (questionId: string) => void;
  /** Absent while the question loads or when it no longer exists. */
  question?: Question;
  team: ProjectMember[];
  canAnswer: boolean;
  canCreate: boolean;
  busy: boolean;
  hasDiscussion: boolean;
  collaboration: { open: boolean; toggle: () => void };
  onAssign: (userId: string | null) => void;
  onMarkCompleted: () => void;
  onClearResponse: () => void;
  onDelete: () => void;
  onNotAQuestion: () => void;
  onHistory: () => void;
}

/** Assignee, the 'N of M' pager, Collaboration (orange dot when discussed) and the More menu. */
export function PaneHeader(props: PaneHeaderProps) {
  const { projectId, questionId, questions, onNavigate, question, canAnswer, canCreate, busy } = props;
  const pager = pagerOf(questions, questionId);
  const [linkCopied, setLinkCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copyLink = async () => {
    if (!(await copyText(questionLink(projectId, questionId)))) return;
    setLinkCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLinkCopied(false), LINK_FEEDBACK_MS);
  };

  const manual = question?.creationType === 'MANUAL';
  return (
    <Group
      component="header"
      justify="space-between"
      gap="sm"
      px="md"
      py={10}
      wrap="wrap"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <AssigneeSelect
        team={props.team}
        value={question?.assignedToUserId}
        onChange={props.onAssign}
        disabled={!question || !canAnswer}
        loading={busy}
      />
      <Group gap={6} wrap="nowrap" ml="auto">
        <Group gap={2} wrap="nowrap" aria-label="Question pager" role="group">
          <Tooltip label="Previous question" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Previous question"
              disabled={!pager.previous}
              onClick={() => pager.previous && onNavigate(pager.previous)}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" c="dimmed" miw={64} ta="center" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {pager.position > 0 ? `${pager.position} of ${pager.total}` : `– of ${pager.total}`}
          </Text>
          <Tooltip label="Next question" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Next question"
              disabled={!pager.next}
              onClick={() => pager.next && onNavigate(pager.next)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Indicator color="orange" size={9} offset={3} disabled={!props.hasDiscussion} withBorder>
          <Button
            variant={props.collaboration.open ? 'light' : 'default'}
            size="sm"
            leftSection={<IconMessages size={16} />}
            onClick={props.collaboration.toggle}
            aria-pressed={props.collaboration.open}
            aria-label={props.hasDiscussion ? 'Collaboration (discussion exists)' : 'Collaboration'}
            px={{ base: 8, xs: 'sm' }}
          >
            <Text span size="sm" fw={500} visibleFrom="xs">
              Collaboration
            </Text>
          </Button>
        </Indicator>
        <Menu position="bottom-end" shadow="md" width={220} withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={36} aria-label="More" disabled={!question}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canAnswer ? (
              <>
                <Menu.Item
                  leftSection={<IconCircleCheck size={16} />}
                  onClick={props.onMarkCompleted}
                  disabled={question?.responseStatus === 'COMPLETE'}
                >
                  Mark Completed
                </Menu.Item>
                <Menu.Item leftSection={<IconEraser size={16} />} onClick={props.onClearResponse}>
                  Clear Response
                </Menu.Item>
                <Menu.Divider />
              </>
            ) : null}
            <Menu.Item
              leftSection={
                linkCopied ? (
                  <IconCheck size={16} color="var(--mantine-color-teal-6)" />
                ) : (
                  <IconLink size={16} />
                )
              }
              closeMenuOnClick={false}
              onClick={copyLink}
            >
              {linkCopied ? 'Link Copied' : 'Copy Link'}
            </Menu.Item>
            <Menu.Item leftSection={<IconHistory size={16} />} onClick={props.onHistory}>
              History
            </Menu.Item>
            {manual && canCreate ? (
              <>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={props.onDelete}>
                  Delete
                </Menu.Item>
              </>
            ) : null}
            {question && !manual && canAnswer ? (
              <>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={props.onNotAQuestion}>
                  Not a Question
                </Menu.Item>
              </>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
