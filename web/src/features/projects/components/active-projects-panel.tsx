import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  EmptyState,
  Loader,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DashboardPanel } from '@/components/dashboard-panel';
import { UserAvatar } from '@/components/user-avatar';
import { type DashboardProject, useDashboardProjects } from '@/features/projects/api/get-dashboard-projects';
import { type TeamPerson, useTeamPeople } from '@/features/projects/api/list-team-members';
import { dueStatus, type ProjectPill, projectPill } from '@/features/projects/utils/due-status';
import { CREATE_PROJECT_PATH, PROJECTS_PATH, projectDashboardPath } from '@/features/projects/utils/paths';
import { useErrorToast } from '@/hooks/use-error-toast';
import { formatCalendarDate, fullDateTime, relativeTime } from '@/lib/dates';
import { usePermissions } from '@/lib/permissions';
import classes from './active-projects-panel.module.css';

export const DASHBOARD_PROJECTS_ERROR = 'There was a problem retrieving your projects';

const PILL_COLORS: Record<ProjectPill, string> = { 'High Priority': 'orange', Urgent: 'red' };

function ProjectItem({ project, creator }: { project: DashboardProject; creator: TeamPerson | undefined }) {
  const due = dueStatus(project.dueOn);
  const pill = projectPill(project);
  return (
    <li>
      <UnstyledButton
        component={Link}
        to={projectDashboardPath(project.projectId)}
        className={classes.item}
        w="100%"
        p={6}
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 'var(--mantine-spacing-xs)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Tooltip
          label={`Created by ${creator?.fullName ?? 'a former team member'}`}
          withArrow
          openDelay={300}
        >
          <UserAvatar fullName={creator?.fullName ?? ''} photo={creator?.photo} size={32} />
        </Tooltip>
        <Box component="span" display="block" miw={0} flex={1}>
          <Text component="span" size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {project.name}
          </Text>
          <Text component="span" display="block" size="xs" c="dimmed">
            Created{' '}
            <time dateTime={project.createdAt} title={fullDateTime(project.createdAt)}>
              {relativeTime(project.createdAt)}
            </time>
          </Text>
        </Box>
        <Stack component="span" gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          {pill ? (
            <Badge component="span" size="sm" radius="xl" variant="light" color={PILL_COLORS[pill]}>
              {pill}
            </Badge>
          ) : null}
          {due.label ? (
            <Text
              component="time"
              dateTime={project.dueOn}
              title={`Due ${formatCalendarDate(project.dueOn)}`}
              size="xs"
              fw={due.color ? 600 : undefined}
              c={due.color ?? 'dimmed'}
              style={{ whiteSpace: 'nowrap' }}
            >
              {due.label}
            </Text>
          ) : null}
        </Stack>
      </UnstyledButton>
    </li>
  );
}

/**
 * Active Projects, on the home dashboard (spec 000 §2.9): the open projects the caller can see,
 * soonest due first; a click opens the project's dashboard. The empty state offers Create Project
 * to those allowed.
 */
export function ActiveProjectsPanel() {
  const projects = useDashboardProjects();
  const permissions = usePermissions();
  const people = useTeamPeople();
  const canCreate = permissions.data?.USER_PERMISSION_CREATE_PROJECT === true;
  useErrorToast(projects.isError, projects.errorUpdatedAt, DASHBOARD_PROJECTS_ERROR);

  let body: ReactNode;
  if (projects.isPending) {
    body = (
      <Center py="lg" role="status" aria-label="Loading projects">
        <Loader size="sm" />
      </Center>
    );
  } else if (projects.isError) {
    body = (
      <Alert color="red" variant="light">
        {DASHBOARD_PROJECTS_ERROR}
      </Alert>
    );
  } else if (projects.data.length === 0) {
    body = (
      <EmptyState
        py="md"
        size="sm"
        icon={<IconFolderPlus size={28} />}
        withIndicatorBackground
        title="No active projects"
        description="Projects you are working on will appear here."
      >
        {canCreate ? (
          <EmptyState.Actions>
            <Button component={Link} to={CREATE_PROJECT_PATH} size="sm">
              Create Project
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    );
  } else {
    body = (
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {projects.data.map((project) => (
          <ProjectItem
            key={project.projectId}
            project={project}
            creator={people.get(project.createdByUserId)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <DashboardPanel title="Active Projects" seeMore={PROJECTS_PATH}>
      {body}
    </DashboardPanel>
  );
}
