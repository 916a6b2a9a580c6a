import { Badge, Group, Text } from '@mantine/core';
import type { ProjectListItem } from '@shared/schemas/project';
import { IconFlag, IconFlagFilled } from '@tabler/icons-react';
import { listStatus } from '@/features/projects/utils/due-status';
import { formatCalendarDate } from '@/lib/dates';

type StatusProject = Pick<ProjectListItem, 'dueOn' | 'projectPriority' | 'projectStatus'>;

/**
 * The Status column (spec 001 §2, §4): N days late, Due Today, N days to go, or due N days ago
 * for a closed project; late red, high priority orange, otherwise blue, complete grey.
 */
export function ProjectDueBadge({ project }: { project: StatusProject }) {
  const status = listStatus(project);
  return (
    <Badge
      component="time"
      dateTime={project.dueOn}
      title={`Due ${formatCalendarDate(project.dueOn)}`}
      variant="light"
      color={status.color}
      radius="sm"
      size="md"
      tt="none"
      fw={600}
      data-status-color={status.color}
      style={{ whiteSpace: 'nowrap' }}
    >
      {status.label}
    </Badge>
  );
}

const PRIORITY: Record<ProjectListItem['projectPriority'], { label: string; color: string }> = {
  HIGH: { label: 'High', color: 'orange.7' },
  NORMAL: { label: 'Normal', color: 'blue.6' },
  LOW: { label: 'Low', color: 'gray.5' },
};

/** The Priority column: a flag in the priority's colour and its name (Low, Normal, High). */
export function ProjectPriority({ priority }: { priority: ProjectListItem['projectPriority'] }) {
  const { label, color } = PRIORITY[priority];
  const Icon = priority === 'LOW' ? IconFlag : IconFlagFilled;
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="span" c={color} display="inline-flex" aria-hidden>
        <Icon size={16} />
      </Text>
      <Text component="span" size="sm" fw={priority === 'HIGH' ? 600 : undefined}>
        {label}
      </Text>
    </Group>
  );
}
