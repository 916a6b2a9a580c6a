import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  EmptyState,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PROJECTS_PER_PAGE } from '@shared/schemas/project';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDots,
  IconFolderPlus,
  IconLayoutDashboard,
  IconListCheck,
  IconLock,
} from '@tabler/icons-react';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { UserAvatar } from '@/components/user-avatar';
import { type ProjectListItem, type ProjectTab, useProjectList } from '@/features/projects/api/list-projects';
import { type TeamPerson, useTeamPeople } from '@/features/projects/api/list-team-members';
import {
  CREATE_PROJECT_PATH,
  projectDashboardPath,
  projectQuestionnairePath,
} from '@/features/projects/utils/paths';
import { useErrorToast } from '@/hooks/use-error-toast';
import { formatCalendarDate, fullDateTime, relativeTime } from '@/lib/dates';
import { usePermissions } from '@/lib/permissions';
import { ProjectDueBadge, ProjectPriority } from './project-due-badge';
import classes from './project-list.module.css';

export const PROJECTS_ERROR = 'There was an error fetching your projects';
export const NO_PROJECTS = 'No Projects found';
export const NO_QUESTIONNAIRE_ACCESS = "You don't have access to view the questionnaire";

/** A link or click inside a row that must not also open the row. */
const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

function Owner({ person, userId }: { person: TeamPerson | undefined; userId: string }) {
  const name = person?.fullName || 'Former team member';
  return (
    <Tooltip label={name} withArrow openDelay={150}>
      <UserAvatar
        fullName={person?.fullName ?? ''}
        photo={person?.photo}
        size={28}
        aria-label={`Owner: ${name}`}
        data-user-id={userId}
      />
    </Tooltip>
  );
}

function RowActions({ project, canAnswer }: { project: ProjectListItem; canAnswer: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${project.name}`} onClick={stop}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>
        <Menu.Item
          component={Link}
          to={projectDashboardPath(project.projectId)}
          leftSection={<IconLayoutDashboard size={16} />}
        >
          Open dashboard
        </Menu.Item>
        {canAnswer ? (
          <Menu.Item
            component={Link}
            to={projectQuestionnairePath(project.projectId)}
            leftSection={<IconListCheck size={16} />}
          >
            Open questionnaire
          </Menu.Item>
        ) : (
          <Tooltip label={NO_QUESTIONNAIRE_ACCESS} position="left" withArrow>
            <div>
              <Menu.Item disabled leftSection={<IconListCheck size={16} />}>
                Open questionnaire
              </Menu.Item>
            </div>
          </Tooltip>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function Name({ project, wrap = false }: { project: ProjectListItem; wrap?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Anchor
        component={Link}
        to={projectDashboardPath(project.projectId)}
        onClick={stop}
        fw={600}
        size="sm"
        c="var(--mantine-color-text)"
        className={wrap ? classes.wrappedName : classes.name}
      >
        {project.name}
      </Anchor>
      {project.accessVisibility === 'PRIVATE' ? (
        <Tooltip label="Private project" withArrow>
          <Text component="span" c="dimmed" display="inline-flex" aria-label="Private project">
            <IconLock size={14} />
          </Text>
        </Tooltip>
      ) : null}
    </Group>
  );
}

function LastModified({ at }: { at: string }) {
  return (
    <Text component="time" dateTime={at} title={fullDateTime(at)} size="sm" c="dimmed">
      {relativeTime(at)}
    </Text>
  );
}

interface RowsProps {
  projects: ProjectListItem[];
  people: Map<string, TeamPerson>;
  canAnswer: boolean;
  onOpen: (project: ProjectListItem) => void;
}

function ProjectTable({ projects, people, canAnswer, onOpen }: RowsProps) {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={110}>Priority</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th w={150}>Status</Table.Th>
          <Table.Th w={180}>Due Date</Table.Th>
          <Table.Th w={150}>Last Modified</Table.Th>
          <Table.Th w={80}>Owner</Table.Th>
          <Table.Th w={56}>
            <span className={classes.srOnly}>Actions</span>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {projects.map((project) => (
          <Table.Tr
            key={project.projectId}
            className={classes.row}
            onClick={() => onOpen(project)}
            data-project-id={project.projectId}
          >
            <Table.Td>
              <ProjectPriority priority={project.projectPriority} />
            </Table.Td>
            <Table.Td maw={0}>
              <Name project={project} />
            </Table.Td>
            <Table.Td>
              <ProjectDueBadge project={project} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatCalendarDate(project.dueOn)}</Text>
            </Table.Td>
            <Table.Td>
              <LastModified at={project.updatedAt} />
            </Table.Td>
            <Table.Td>
              <Owner person={people.get(project.createdByUserId)} userId={project.createdByUserId} />
            </Table.Td>
            <Table.Td ta="right">
              <RowActions project={project} canAnswer={canAnswer} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Narrow screens: one card per project instead of a table that would need scrolling. */
function ProjectCards({ projects, people, canAnswer, onOpen }: RowsProps) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {projects.map((project) => (
        <Box
          component="li"
          key={project.projectId}
          className={classes.card}
          onClick={() => onOpen(project)}
          data-project-id={project.projectId}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={6} miw={0} flex={1}>
              <Name project={project} wrap />
              <Group gap="xs">
                <ProjectDueBadge project={project} />
                <ProjectPriority priority={project.projectPriority} />
              </Group>
              <Text size="xs" c="dimmed">
                Due {formatCalendarDate(project.dueOn)} · Modified {relativeTime(project.updatedAt)}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Owner person={people.get(project.createdByUserId)} userId={project.createdByUserId} />
              <RowActions project={project} canAnswer={canAnswer} />
            </Group>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

function LoadingRows() {
  return (
    <Stack gap="sm" p="md" role="status" aria-label="Loading projects">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </Stack>
  );
}

/** The pager's text: "Page 1 of 2 · 10 projects", or the count alone when one page holds them all. */
export function pagerText(pageNumber: number, pageCount: number, total: number, paged: boolean): string {
  const count = `${total} ${total === 1 ? 'project' : 'projects'}`;
  return paged ? `Page ${pageNumber} of ${pageCount} · ${count}` : count;
}

export interface ProjectListProps {
  tab: ProjectTab;
}

/**
 * The project list (spec 001 §2): one page of PROJECTS_PER_PAGE projects at a time, by due date
 * then name (the server's order), with the page, the page count and the number of projects. The
 * server pages by cursor, so the list keeps the cursors of the pages it went through: Next pushes
 * the page's cursor, Previous pops it.
 */
export function ProjectList({ tab }: ProjectListProps) {
  const navigate = useNavigate();
  const permissions = usePermissions();
  const canCreate = permissions.data?.USER_PERMISSION_CREATE_PROJECT === true;
  const canAnswer = permissions.data?.ANSWER_QUESTION === true;
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const people = useTeamPeople();

  // cursors[i] is the cursor that fetches page i + 1 (undefined for the first page).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const page = useProjectList(tab, cursor);
  useErrorToast(page.isError, page.errorUpdatedAt, PROJECTS_ERROR);

  const items = page.data?.items ?? [];
  const nextCursor = page.data?.cursor ?? null;
  const pageNumber = cursors.length;
  const total = page.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PROJECTS_PER_PAGE));

  // A later page that became empty (its projects were closed or removed) steps back one page.
  useEffect(() => {
    if (!page.isPlaceholderData && page.isSuccess && items.length === 0 && cursors.length > 1) {
      setCursors((stack) => stack.slice(0, -1));
    }
  }, [page.isPlaceholderData, page.isSuccess, items.length, cursors.length]);

  const open = (project: ProjectListItem) => navigate(projectDashboardPath(project.projectId));

  let body: ReactNode;
  if (page.isPending) {
    body = <LoadingRows />;
  } else if (page.isError && !page.data) {
    body = (
      <Alert color="red" variant="light" m="md" title={PROJECTS_ERROR}>
        <Button size="xs" variant="light" color="red" onClick={() => void page.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        py={48}
        icon={<IconFolderPlus size={32} />}
        withIndicatorBackground
        title={NO_PROJECTS}
        description={
          canCreate
            ? 'Create a project to start answering a security questionnaire.'
            : tab === 'open'
              ? 'Projects shared with you will appear here.'
              : 'Closed projects will appear here.'
        }
      >
        {canCreate ? (
          <EmptyState.Actions>
            <Button component={Link} to={CREATE_PROJECT_PATH} leftSection={<IconFolderPlus size={16} />}>
              Create Project
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    );
  } else {
    const Rows = narrow ? ProjectCards : ProjectTable;
    body = (
      <Box
        pos="relative"
        aria-busy={page.isFetching}
        className={page.isPlaceholderData ? classes.stale : undefined}
      >
        <Rows projects={items} people={people} canAnswer={canAnswer} onOpen={open} />
      </Box>
    );
  }

  const showPager = cursors.length > 1 || nextCursor !== null;
  return (
    <Paper withBorder radius="md" className={classes.paper}>
      {body}
      {items.length > 0 ? (
        <Group justify="space-between" px="md" py="sm" className={classes.pager}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {pagerText(pageNumber, pageCount, total, showPager)}
          </Text>
          {showPager ? (
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={14} />}
                disabled={cursors.length === 1 || page.isPlaceholderData}
                onClick={() => setCursors((stack) => stack.slice(0, -1))}
              >
                Previous
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={14} />}
                disabled={nextCursor === null || page.isPlaceholderData}
                onClick={() => nextCursor && setCursors((stack) => [...stack, nextCursor])}
              >
                Next
              </Button>
            </Group>
          ) : null}
        </Group>
      ) : null}
    </Paper>
  );
}
