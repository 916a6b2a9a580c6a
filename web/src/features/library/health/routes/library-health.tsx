import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconHeartbeat, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { relativeTime } from '@/lib/dates';
import { notifySuccess } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';
import { useCheckLibraryHealth } from '../api/check-library-health';
import { useLibraryHealth } from '../api/get-library-health';
import { ConflictCard } from '../components/conflict-card';
import { DuplicateGroupCard } from '../components/duplicate-group-card';
import { failure } from '../components/failure';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /Answers/health, Library health (issue 28 part 2): the conflicts and duplicate groups the last
 * check found; library managers merge a group, mark it distinct, or keep one answer of a conflict.
 */
export default function LibraryHealthPage() {
  const health = useLibraryHealth();
  const check = useCheckLibraryHealth();
  const permissions = usePermissions();
  const canManage = permissions.data?.MANAGE_ANSWER_LIBRARY === true;
  const report = health.data;
  const busy = report?.status === 'QUEUED' || report?.status === 'RUNNING';

  const checkNow = async () => {
    try {
      await check.mutateAsync(undefined);
      notifySuccess('Checking your library…');
    } catch (error) {
      failure(error, 'There was an error starting the check');
    }
  };

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={1440}>
      <Anchor component={Link} to="/Answers" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} />
          Answer Library
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <PageTitle title="Library health" />
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {report?.checkedAt ? `Last checked ${relativeTime(report.checkedAt)}` : 'Not checked yet'}
            </Text>
            {busy ? (
              <Badge variant="light" leftSection={<Loader size={10} />}>
                Checking
              </Badge>
            ) : null}
          </Group>
        </Stack>
        {canManage ? (
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            loading={check.isPending}
            disabled={busy}
            onClick={() => void checkNow()}
          >
            Check now
          </Button>
        ) : null}
      </Group>

      {health.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : health.isError || !report ? (
        <Alert color="red">There was an error fetching the library's health</Alert>
      ) : (
        <>
          {report.failureReason ? <Alert color="orange">{report.failureReason}</Alert> : null}
          <Text size="sm" fw={600} data-testid="health-counts">
            {plural(report.groups.length, 'duplicate group', 'duplicate groups')} ·{' '}
            {plural(report.conflictList.length, 'conflict', 'conflicts')}
          </Text>
          {report.groups.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap="xs">
                <ThemeIcon size={48} radius="xl" color="teal" variant="light">
                  <IconShieldCheck size={28} />
                </ThemeIcon>
                <Text fw={600}>Your library is healthy</Text>
                <Text size="sm" c="dimmed" ta="center">
                  {report.checkedAt
                    ? 'No duplicate questions and no conflicting answers were found.'
                    : 'The first check runs when the library changes, or now with Check now.'}
                </Text>
              </Stack>
            </Paper>
          ) : null}
          {report.conflictList.length ? (
            <Stack gap="sm">
              <Title order={2} size="h3">
                Conflicts
              </Title>
              <Text size="sm" c="dimmed">
                Answers to the same question that cannot both be right. Keep the right one; the other goes to
                the Archive with your reason.
              </Text>
              {report.conflictList.map((c) => (
                <ConflictCard key={c.conflictId} conflict={c} canManage={canManage} />
              ))}
            </Stack>
          ) : null}
          {report.groups.length ? (
            <Stack gap="sm">
              <Title order={2} size="h3">
                Duplicate groups
              </Title>
              <Text size="sm" c="dimmed">
                The same question in different words. Merge them into one answer, or mark them distinct.
              </Text>
              {report.groups.map((g) => (
                <DuplicateGroupCard key={g.groupId} group={g} canManage={canManage} />
              ))}
            </Stack>
          ) : null}
        </>
      )}
      <Group gap={6} c="dimmed">
        <IconHeartbeat size={16} />
        <Text size="xs">The check runs by itself when the library changes.</Text>
      </Group>
    </Stack>
  );
}
