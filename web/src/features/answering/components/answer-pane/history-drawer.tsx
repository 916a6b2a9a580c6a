import {
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ProjectMember } from '@shared/schemas/project';
import type { FieldChange, HistoryEntry } from '@shared/schemas/question';
import { IconArrowRight, IconHistory, IconRestore } from '@tabler/icons-react';
import { UserAvatar } from '@/components/user-avatar';
import { useErrorToast } from '@/hooks/use-error-toast';
import { fullDateTime, relativeTime } from '@/lib/dates';
import { useQuestionHistory } from '../../api/list-question-history';
import { diffWords, FIELD_LABELS, isRestorable, valueLabel } from '../../utils/history-diff';
import { MESSAGES } from './messages';

export interface HistoryDrawerProps {
  opened: boolean;
  onClose: () => void;
  projectId: string;
  questionId: string;
  /** The version on screen: its entry is the current one (nothing to restore). */
  currentVersion: number;
  team: ProjectMember[];
  canRestore: boolean;
  restoringId: string | null;
  onRestore: (entry: HistoryEntry) => void;
}

function AnswerDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(before, after);
  if (parts.length === 0)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        Empty
      </Text>
    );
  return (
    <Box
      p="xs"
      fz="sm"
      lh={1.55}
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-sm)', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins
            key={i}
            style={{ background: 'var(--mantine-color-teal-1)', textDecoration: 'none', borderRadius: 2 }}
          >
            {part.text}
          </ins>
        ) : (
          <del
            key={i}
            style={{ background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' }}
          >
            {part.text}
          </del>
        ),
      )}
    </Box>
  );
}

function Change({ change, nameOf }: { change: FieldChange; nameOf: (id: string) => string }) {
  const label = FIELD_LABELS[change.field];
  if (change.field === 'answer') {
    return (
      <Stack gap={4}>
        <Text size="xs" fw={600} c="dimmed">
          {label}
        </Text>
        <AnswerDiff before={String(change.before ?? '')} after={String(change.after ?? '')} />
      </Stack>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" fw={600} c="dimmed" w={110}>
        {label}
      </Text>
      <Text size="sm" c="dimmed" td="line-through">
        {valueLabel(change, change.before, nameOf)}
      </Text>
      <IconArrowRight size={12} color="var(--mantine-color-dimmed)" />
      <Text size="sm" fw={500}>
        {valueLabel(change, change.after, nameOf)}
      </Text>
    </Group>
  );
}

/** Answer history (beyond the spec): every saved change, newest first, with Restore on answers. */
export function HistoryDrawer(props: HistoryDrawerProps) {
  const { opened, onClose, projectId, questionId, currentVersion, team, canRestore, restoringId, onRestore } =
    props;
  // On a phone the drawer takes the whole width (520 px would run off a 375 px screen).
  const phone = useMediaQuery('(max-width: 48em)');
  const history = useQuestionHistory(projectId, questionId, { enabled: opened, currentVersion });
  useErrorToast(history.isError, history.errorUpdatedAt, MESSAGES.fetchHistory);
  const members = new Map(team.map((m) => [m.userId, m.member]));
  const nameOf = (id: string) => members.get(id)?.fullName ?? 'A former member';

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 520}
      title={
        <Group gap="xs">
          <IconHistory size={18} />
          <Text fw={700}>History</Text>
        </Group>
      }
    >
      {history.isPending ? (
        <Stack gap="md">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : history.isError ? (
        <Alert color="red" variant="light">
          {MESSAGES.fetchHistory}
        </Alert>
      ) : history.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes have been saved yet.
        </Text>
      ) : (
        <Timeline bulletSize={28} lineWidth={2} active={-1}>
          {history.data.map((entry) => {
            const who = entry.createdByUserId ? nameOf(entry.createdByUserId) : 'System';
            const member = entry.createdByUserId ? members.get(entry.createdByUserId) : undefined;
            const current = entry.version === currentVersion;
            return (
              <Timeline.Item
                key={entry.activityId}
                bullet={<UserAvatar fullName={who} photo={member?.photo} size={26} />}
                data-testid="history-entry"
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {who}
                    </Text>
                    <Tooltip label={fullDateTime(entry.updatedAt)} withArrow>
                      <Text size="xs" c="dimmed" component="time" dateTime={entry.updatedAt}>
                        {relativeTime(entry.updatedAt)} · version {entry.version}
                      </Text>
                    </Tooltip>
                  </div>
                  {current ? (
                    <Badge variant="light" color="gray" radius="sm" size="sm">
                      Current
                    </Badge>
                  ) : canRestore && isRestorable(entry) ? (
                    <Button
                      size="compact-xs"
                      variant="light"
                      leftSection={<IconRestore size={14} />}
                      loading={restoringId === entry.activityId}
                      disabled={restoringId !== null && restoringId !== entry.activityId}
                      onClick={() => onRestore(entry)}
                    >
                      Restore
                    </Button>
                  ) : null}
                </Group>
                <Stack gap={8}>
                  {entry.changes.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      Added the question
                    </Text>
                  ) : null}
                  {entry.changes.map((change) => (
                    <Change key={change.field} change={change} nameOf={nameOf} />
                  ))}
                </Stack>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Drawer>
  );
}
