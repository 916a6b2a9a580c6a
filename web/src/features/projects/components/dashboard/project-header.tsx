import { Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { PermissionMap } from '@shared/permissions';
import type { Project } from '@shared/schemas/project';
import {
  IconBuildingSkyscraper,
  IconCalendarDue,
  IconExternalLink,
  IconListCheck,
  IconLock,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { listStatus } from '@/features/projects/utils/due-status';
import { NO_QUESTIONNAIRE_ACCESS } from '@/features/projects/utils/messages';
import { PROJECTS_PATH } from '@/features/projects/utils/paths';
import { externalHref, questionnairePath } from '@/features/projects/utils/project-links';
import { formatCalendarDate } from '@/lib/dates';
import type { DashboardDialog } from './dialog-names';
import { ManageProjectMenu } from './manage-project-menu';

export const PRIORITY_LABELS: Record<Project['projectPriority'], string> = {
  LOW: 'Low',
  NORMAL: 'Normal',
  HIGH: 'High',
};
export const PRIORITY_COLORS: Record<Project['projectPriority'], string> = {
  LOW: 'gray',
  NORMAL: 'blue',
  HIGH: 'orange',
};

export interface ProjectHeaderProps {
  project: Project;
  permissions: PermissionMap;
  onOpen: (dialog: DashboardDialog) => void;
}

/**
 * The dashboard's top bar (spec 001 §2): name, industry, priority, due status and date; Manage
 * Project, Launch External Portal (only with a portal link) and Open Questionnaire (ANSWER_QUESTION).
 */
export function ProjectHeader({ project, permissions, onOpen }: ProjectHeaderProps) {
  const status = listStatus(project);
  const complete = project.projectStatus === 'COMPLETE';
  const canAnswer = permissions.ANSWER_QUESTION === true;
  return (
    <Stack gap={6} component="header">
      <Breadcrumbs separator="/" fz="sm">
        <Anchor component={Link} to={PROJECTS_PATH} size="sm" c="dimmed">
          Projects
        </Anchor>
        <Text size="sm" c="dimmed" truncate maw={320}>
          {project.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={8} miw={0} style={{ flex: '1 1 320px' }}>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} size="h2" fw={700} style={{ wordBreak: 'break-word' }}>
              {project.name}
            </Title>
            <Badge variant="light" color={PRIORITY_COLORS[project.projectPriority]} radius="sm">
              {PRIORITY_LABELS[project.projectPriority]} Priority
            </Badge>
            {complete ? (
              <Badge variant="filled" color="gray" radius="sm">
                Closed
              </Badge>
            ) : null}
            {project.accessVisibility === 'PRIVATE' ? (
              <Badge variant="outline" color="gray" radius="sm" leftSection={<IconLock size={12} />}>
                Private
              </Badge>
            ) : null}
          </Group>
          <Group gap="lg" c="dimmed" wrap="wrap" fz="sm">
            <Group gap={6} wrap="nowrap">
              <IconBuildingSkyscraper size={16} aria-hidden />
              <Text size="sm" c={project.industryVertical ? 'dark.4' : 'dimmed'}>
                {project.industryVertical ?? 'No industry set'}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconCalendarDue size={16} aria-hidden />
              <Text size="sm" c="dark.4">
                Due <time dateTime={project.dueOn}>{formatCalendarDate(project.dueOn)}</time>
              </Text>
              {status.label ? (
                <Badge variant="light" color={status.color} radius="sm" size="sm">
                  {status.label}
                </Badge>
              ) : null}
            </Group>
          </Group>
        </Stack>
        <Group gap="sm" wrap="wrap">
          {project.thirdPartyProjectUrl ? (
            <Button
              component="a"
              href={externalHref(project.thirdPartyProjectUrl)}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconExternalLink size={16} />}
            >
              Launch External Portal
            </Button>
          ) : null}
          <ManageProjectMenu project={project} permissions={permissions} onOpen={onOpen} />
          {canAnswer ? (
            <Button
              component={Link}
              to={questionnairePath(project.projectId)}
              leftSection={<IconListCheck size={16} />}
            >
              Open Questionnaire
            </Button>
          ) : (
            <Tooltip label={NO_QUESTIONNAIRE_ACCESS} withArrow>
              <Button
                data-disabled
                aria-disabled
                leftSection={<IconListCheck size={16} />}
                onClick={(e) => e.preventDefault()}
              >
                Open Questionnaire
              </Button>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
