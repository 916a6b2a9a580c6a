import { ActionIcon, Badge, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { Project } from '@shared/schemas/project';
import { IconCalendarDue, IconChevronLeft, IconFlag, IconFlagFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatCalendarDate } from '@/lib/dates';

const PRIORITY: Record<Project['projectPriority'], { label: string; color: string }> = {
  HIGH: { label: 'High', color: 'orange' },
  NORMAL: { label: 'Normal', color: 'blue' },
  LOW: { label: 'Low', color: 'gray' },
};

export interface PanelHeaderProps {
  project: Project | undefined;
  dashboardPath: string;
  /** 'Completed' or 'N% complete'; undefined while the list is still arriving. */
  completion: string | undefined;
}

/** Back to the dashboard, the project's name, priority, completion badge and due date. */
export function PanelHeader({ project, dashboardPath, completion }: PanelHeaderProps) {
  const priority = project ? PRIORITY[project.projectPriority] : undefined;
  const PriorityIcon = project?.projectPriority === 'LOW' ? IconFlag : IconFlagFilled;
  return (
    <Stack gap={6} px="sm" pt="sm" pb={8}>
      <Group gap={4} wrap="nowrap" align="center">
        <Tooltip label="Back to the project dashboard" openDelay={400}>
          <ActionIcon
            component={Link}
            to={dashboardPath}
            variant="subtle"
            color="gray"
            size="md"
            aria-label="Back to the project dashboard"
            ml={-6}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        {project ? (
          <Text fw={650} size="md" truncate="end" title={project.name} data-testid="project-name" miw={0}>
            {project.name}
          </Text>
        ) : (
          <Skeleton h={18} w={180} />
        )}
      </Group>
      <Group gap={6} wrap="wrap" pl={26} mih={20}>
        {project && priority ? (
          <>
            <Badge
              variant="light"
              color={priority.color}
              radius="sm"
              size="sm"
              tt="none"
              leftSection={<PriorityIcon size={11} />}
              data-testid="project-priority"
            >
              {priority.label}
            </Badge>
            {completion ? (
              <Badge
                variant={completion === 'Completed' ? 'filled' : 'light'}
                color={completion === 'Completed' ? 'teal' : 'indigo'}
                radius="sm"
                size="sm"
                tt="none"
                data-testid="completion-badge"
              >
                {completion}
              </Badge>
            ) : (
              <Skeleton h={18} w={72} radius="sm" />
            )}
            <Group gap={4} wrap="nowrap" c="dimmed" ml={2}>
              <IconCalendarDue size={14} aria-hidden />
              <Text component="time" dateTime={project.dueOn} size="xs" c="dimmed" data-testid="due-date">
                Due {formatCalendarDate(project.dueOn)}
              </Text>
            </Group>
          </>
        ) : (
          <Skeleton h={18} w={200} radius="sm" />
        )}
      </Group>
    </Stack>
  );
}
