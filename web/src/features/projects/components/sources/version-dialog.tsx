import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { CompareVersionKind, VersionChange } from '@shared/schemas/source';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useApplySourceVersion } from '@/features/projects/api/apply-source-version';
import { useDiscardSourceVersion } from '@/features/projects/api/discard-source-version';
import { useSourceVersion } from '@/features/projects/api/get-source-version';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';

export const KIND_LABEL: Record<CompareVersionKind, string> = {
  UNCHANGED: 'Unchanged',
  REWORDED: 'Reworded',
  NEW: 'New',
  REMOVED: 'Removed',
};
const KIND_COLOR: Record<CompareVersionKind, string> = {
  UNCHANGED: 'gray',
  REWORDED: 'blue',
  NEW: 'teal',
  REMOVED: 'red',
};
/** What each kind of change does to the project's questions when the version is applied. */
const KIND_EFFECT: Record<CompareVersionKind, string> = {
  UNCHANGED: 'Answer carried over',
  REWORDED: 'Answer carried over, flagged for review',
  NEW: 'New question',
  REMOVED: 'Retired (its answer stays in its history)',
};

type Filter = 'CHANGED' | CompareVersionKind | 'ALL';

function ChangeRow({ change }: { change: VersionChange }) {
  const place = !change.sheetName
    ? 'Not in the new file'
    : change.rowNumber
      ? `${change.sheetName} · row ${change.rowNumber}`
      : change.sheetName;
  return (
    <Table.Tr data-kind={change.kind}>
      <Table.Td style={{ width: 110, verticalAlign: 'top' }}>
        <Badge variant="light" color={KIND_COLOR[change.kind]} size="sm">
          {KIND_LABEL[change.kind]}
        </Badge>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Stack gap={4}>
          {change.kind === 'REWORDED' ? (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed" td="line-through" style={{ flex: 1 }}>
                {change.previousQuestion}
              </Text>
              <IconArrowRight size={14} style={{ flexShrink: 0, marginTop: 3 }} aria-label="now" />
              <Text size="sm" style={{ flex: 1 }}>
                {change.question}
              </Text>
            </Group>
          ) : (
            <Text size="sm" td={change.kind === 'REMOVED' ? 'line-through' : undefined}>
              {change.question ?? change.previousQuestion}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {[change.referenceNumber, place, KIND_EFFECT[change.kind]].filter(Boolean).join(' · ')}
            {change.answered && change.kind !== 'NEW' ? ' · answered' : ''}
          </Text>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

export interface VersionDialogProps {
  projectId: string;
  projectSourceId: string;
  opened: boolean;
  onClose: () => void;
  /** CREATE_QUESTION: may apply or discard a version under review. */
  canEdit: boolean;
}

/**
 * Compare with previous version (issue 27): what a new version of a questionnaire changes —
 * unchanged, reworded (old and new wording side by side), new and removed questions — and, while it
 * is under review, Apply new version or Discard. Nothing changes in the project until it is applied.
 */
export function VersionDialog({ projectId, projectSourceId, opened, onClose, canEdit }: VersionDialogProps) {
  const version = useSourceVersion(projectId, projectSourceId, { enabled: opened });
  const apply = useApplySourceVersion();
  const discard = useDiscardSourceVersion();
  const [filter, setFilter] = useState<Filter>('CHANGED');
  const diff = version.data;
  const reviewing = diff?.versionState === 'REVIEW';
  const counts = diff?.counts;
  const shown = (diff?.changes ?? []).filter((c) =>
    filter === 'ALL' ? true : filter === 'CHANGED' ? c.kind !== 'UNCHANGED' : c.kind === filter,
  );

  const act = async (action: 'apply' | 'discard') => {
    try {
      if (action === 'apply') {
        await apply.mutateAsync({ projectId, projectSourceId });
        notifySuccess('Applying the new version. Answers are being carried over.');
      } else {
        await discard.mutateAsync({ projectId, projectSourceId });
        notifySuccess('New version discarded.');
      }
      onClose();
    } catch (error) {
      notifyError(
        isApiError(error) && error.status === 409 ? error.message : 'Something went wrong. Try again.',
      );
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Compare with previous version" centered size="xl">
      {version.isPending ? (
        <Center py="xl" role="status" aria-label="Loading the comparison">
          <Loader size="sm" />
        </Center>
      ) : version.isError || !diff || !counts ? (
        <Alert color="red" variant="light">
          We could not load the comparison. Close this window and try again.
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={500}>
              {diff.previous.fileName}
            </Text>
            <IconArrowRight size={14} aria-hidden />
            <Text size="sm" fw={500}>
              {diff.fileName}
            </Text>
          </Group>
          {diff.versionState === 'COMPARING' ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                We are comparing the two files…
              </Text>
            </Group>
          ) : null}
          <SegmentedControl
            fullWidth
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            aria-label="Show"
            data={[
              {
                value: 'CHANGED',
                label: `Changes (${counts.reworded + counts.new + counts.removed})`,
              },
              { value: 'REWORDED', label: `Reworded (${counts.reworded})` },
              { value: 'NEW', label: `New (${counts.new})` },
              { value: 'REMOVED', label: `Removed (${counts.removed})` },
              { value: 'UNCHANGED', label: `Unchanged (${counts.unchanged})` },
            ]}
          />
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              {filter === 'CHANGED'
                ? 'No question changed: every answer carries over as it is.'
                : 'No question of this kind.'}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320} mah={420}>
              <Table verticalSpacing={6} aria-label="Changes">
                <Table.Tbody>
                  {shown.map((change) => (
                    <ChangeRow
                      key={`${change.kind}:${change.questionId ?? ''}:${change.sheetName ?? ''}:${change.rowNumber ?? ''}`}
                      change={change}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {reviewing && canEdit ? (
            <Stack gap="xs">
              {counts.removed > 0 ? (
                <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={16} />} py={8}>
                  <Text size="sm">
                    {counts.removed === 1
                      ? '1 question is not in the new file. It leaves the project; its answer stays in its history.'
                      : `${counts.removed} questions are not in the new file. They leave the project; their answers stay in their history.`}
                  </Text>
                </Alert>
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => void act('discard')} loading={discard.isPending}>
                  Discard new version
                </Button>
                <Button onClick={() => void act('apply')} loading={apply.isPending}>
                  Apply new version
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
