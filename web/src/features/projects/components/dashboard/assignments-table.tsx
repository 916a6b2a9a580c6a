import { Anchor, Avatar, Badge, Center, Group, Progress, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import type { ProjectDashboard, ProjectMember, QuestionAssignment } from '@shared/schemas/project';
import { IconUserOff, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { UserAvatar } from '@/components/user-avatar';
import { ASSIGNMENT_STATUS_LABELS, assignmentTable, UNASSIGNED } from '@/features/projects/utils/assignments';
import { questionnairePath } from '@/features/projects/utils/project-links';
import { fullDateTime, relativeTime } from '@/lib/dates';
import { SectionCard } from './section-card';

const STATUS_COLORS: Record<QuestionAssignment['status'], string> = {
  'NOT-STARTED': 'gray',
  'IN-PROGRESS': 'blue',
  COMPLETE: 'teal',
};
const FORMER_MEMBER = 'Former member';

export interface AssignmentsTableProps {
  dashboard: ProjectDashboard;
  team: readonly ProjectMember[];
  /** ANSWER_QUESTION: the link to the unassigned questions is shown. */
  canView: boolean;
}

function UnassignedLink({ projectId, count }: { projectId: string; count: number }) {
  return (
    <Anchor component={Link} to={questionnairePath(projectId, 'unassigned')} size="sm">
      View {count} unassigned {count === 1 ? 'question' : 'questions'}
    </Anchor>
  );
}

/**
 * Question assignments (spec 001 §2): per person, and for the unassigned questions, the assigned and
 * completed counts, the status (not started reads No Progress) and the last update.
 */
export function AssignmentsTable({ dashboard, team, canView }: AssignmentsTableProps) {
  const projectId = dashboard.project.projectId;
  const people = new Map(team.map((m) => [m.userId, m.member]));
  const nameOf = (userId: string) => people.get(userId)?.fullName ?? FORMER_MEMBER;
  const table = assignmentTable(dashboard.questionAssignments, dashboard.totalQuestions, nameOf);

  let body: React.ReactNode;
  if (table.emptyText) {
    body = (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <ThemeIcon size={40} radius="xl" variant="light" color="gray" aria-hidden>
            {table.unassigned ? <IconUserOff size={22} /> : <IconUsersGroup size={22} />}
          </ThemeIcon>
          <Text size="sm" c="dimmed" ta="center">
            {table.emptyText}
          </Text>
          {table.unassigned && canView ? (
            <UnassignedLink projectId={projectId} count={table.unassigned.assignedQuestionsCount} />
          ) : null}
        </Stack>
      </Center>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Assignee</Table.Th>
              <Table.Th ta="right">Assigned</Table.Th>
              <Table.Th ta="right">Completed</Table.Th>
              <Table.Th>Progress</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last Update</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((row) => {
              const member = row.userId ? people.get(row.userId) : undefined;
              const name = row.userId ? nameOf(row.userId) : UNASSIGNED;
              const done =
                row.assignedQuestionsCount > 0
                  ? Math.round((row.completedQuestionsCount / row.assignedQuestionsCount) * 100)
                  : 0;
              return (
                <Table.Tr key={row.userId ?? 'unassigned'}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      {row.userId ? (
                        <UserAvatar fullName={name} photo={member?.photo} size={30} aria-hidden />
                      ) : (
                        <Avatar size={30} radius="xl" color="gray" variant="light" aria-hidden>
                          <IconUserOff size={16} />
                        </Avatar>
                      )}
                      <Stack gap={0} miw={0}>
                        <Text size="sm" fw={500} truncate c={row.userId ? undefined : 'dimmed'}>
                          {name}
                        </Text>
                        {!row.userId && canView ? (
                          <UnassignedLink projectId={projectId} count={row.assignedQuestionsCount} />
                        ) : null}
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{row.assignedQuestionsCount}</Table.Td>
                  <Table.Td ta="right">{row.completedQuestionsCount}</Table.Td>
                  <Table.Td w={140}>
                    <Progress
                      value={done}
                      size={6}
                      radius="xl"
                      color={STATUS_COLORS[row.status]}
                      aria-label={`${done}% completed`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={STATUS_COLORS[row.status]}>
                      {ASSIGNMENT_STATUS_LABELS[row.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.lastUpdate ? (
                      <Text
                        size="sm"
                        c="dimmed"
                        component="time"
                        dateTime={row.lastUpdate}
                        title={fullDateTime(row.lastUpdate)}
                      >
                        {relativeTime(row.lastUpdate)}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return <SectionCard title="Question Assignments">{body}</SectionCard>;
}
