import { Badge, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { ProjectMember } from '@shared/schemas/project';
import type { Question } from '@shared/schemas/question';
import { IconAt } from '@tabler/icons-react';
import { UserAvatar } from '@/components/user-avatar';
import classes from './question-list.module.css';
import { CLASSIFICATION_COLORS, CLASSIFICATION_LABELS, STATUS_LABELS, StatusMarker } from './status-marker';

export interface QuickViewAnchor {
  question: Question;
  /** The hovered row's box on screen; the card sits beside the panel, level with it. */
  top: number;
  bottom: number;
  left: number;
}

export interface QuickViewCardProps {
  anchor: QuickViewAnchor;
  member: ProjectMember['member'] | undefined;
}

/** The hover quick-view: the full question, its answer, classification, status and assignee. */
export function QuickViewCard({ anchor, member }: QuickViewCardProps) {
  const { question: q } = anchor;
  // Below the middle of the window the card grows upwards from the row, so it always fits.
  const lower = anchor.top > window.innerHeight / 2;
  const position = lower
    ? { bottom: Math.max(8, window.innerHeight - anchor.bottom - 8) }
    : { top: Math.max(8, anchor.top - 8) };
  return (
    <Paper
      className={classes.quickView}
      style={{ left: anchor.left + 8, ...position }}
      shadow="lg"
      radius="md"
      withBorder
      p="md"
      role="tooltip"
      data-testid="quick-view"
    >
      <Stack gap={10}>
        <Group gap={8} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" miw={0}>
            <StatusMarker question={q} />
            <Text size="xs" c="dimmed" fw={500}>
              {STATUS_LABELS[q.responseStatus]}
            </Text>
            {q.referenceNumber ? (
              <Text size="xs" c="dimmed" truncate="end">
                · Ref {q.referenceNumber}
              </Text>
            ) : null}
          </Group>
          {q.loggedInUserMentioned ? (
            <Badge size="xs" variant="light" color="indigo" leftSection={<IconAt size={10} />} tt="none">
              Mentioned
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" fw={550} lineClamp={7} style={{ whiteSpace: 'pre-line' }}>
          {q.question}
        </Text>
        <Divider />
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            Answer
          </Text>
          {q.answer.trim() ? (
            <Text size="sm" c="dark.5" lineClamp={6} style={{ whiteSpace: 'pre-line' }}>
              {q.answer}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              Not answered yet
            </Text>
          )}
        </Stack>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Badge
            variant="light"
            radius="sm"
            size="sm"
            tt="none"
            color={CLASSIFICATION_COLORS[q.responseClassification]}
          >
            {CLASSIFICATION_LABELS[q.responseClassification]}
          </Badge>
          <Group gap={6} wrap="nowrap" miw={0}>
            {q.assignedToUserId ? (
              <>
                <UserAvatar fullName={member?.fullName ?? 'Former member'} photo={member?.photo} size={20} />
                <Text size="xs" truncate="end" maw={170}>
                  {member?.fullName ?? 'Former member'}
                </Text>
              </>
            ) : (
              <Text size="xs" c="dimmed">
                Unassigned
              </Text>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
