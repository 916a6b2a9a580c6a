import { Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { DuplicateGroup } from '@shared/schemas/library-health';
import { IconArrowMerge } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notify';
import { useMarkDistinct } from '../api/mark-distinct';
import { useMergeDuplicates } from '../api/merge-duplicates';
import { AnswerMeta } from './answer-meta';
import { failure } from './failure';

/** The answer a merge keeps unless the user picks another: the most used. */
const mostUsed = (group: DuplicateGroup) =>
  [...group.answers].sort((a, b) => b.usageCount - a.usageCount)[0].answerId;

/** One duplicate group: its answers, and (for library managers) Merge and Mark distinct. */
export function DuplicateGroupCard({ group, canManage }: { group: DuplicateGroup; canManage: boolean }) {
  const [keep, setKeep] = useState(() => mostUsed(group));
  const [confirming, setConfirming] = useState(false);
  const merge = useMergeDuplicates();
  const distinct = useMarkDistinct();
  const kept = group.answers.find((a) => a.answerId === keep) ?? group.answers[0];
  const others = group.answers.length - 1;

  const doMerge = async () => {
    try {
      await merge.mutateAsync({ healthGroupId: group.groupId, keepAnswerId: kept.answerId });
      notifySuccess(`Merged ${others + 1} answers into one`);
      setConfirming(false);
    } catch (error) {
      failure(error, 'There was an error merging these answers');
      setConfirming(false);
    }
  };
  const doDistinct = async () => {
    try {
      await distinct.mutateAsync(group.groupId);
      notifySuccess('Marked distinct: these answers will not be grouped again');
    } catch (error) {
      failure(error, 'There was an error marking these answers distinct');
    }
  };

  const list = group.answers.map((a) => (
    <Paper key={a.answerId} withBorder radius="sm" p="sm" data-answer-id={a.answerId}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {canManage ? <Radio value={a.answerId} aria-label={`Keep "${a.originalQuestion}"`} mt={2} /> : null}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm">
            {a.originalQuestion}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {a.answer}
          </Text>
          <AnswerMeta answer={a} />
        </Stack>
      </Group>
    </Paper>
  ));

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label="Duplicate group"
      data-group-id={group.groupId}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {group.answers.length} answers to the same question · {Math.round(group.similarity * 100)}% alike
          </Text>
          {canManage ? (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                loading={distinct.isPending}
                onClick={() => void doDistinct()}
              >
                Mark distinct
              </Button>
              <Button
                size="xs"
                leftSection={<IconArrowMerge size={16} />}
                onClick={() => setConfirming(true)}
              >
                Merge
              </Button>
            </Group>
          ) : null}
        </Group>
        {canManage ? (
          <Radio.Group value={keep} onChange={setKeep} label="Pick the answer to keep" size="sm">
            <Stack gap="xs" mt={6}>
              {list}
            </Stack>
          </Radio.Group>
        ) : (
          <Stack gap="xs">{list}</Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Merge answers"
        message={`Keep "${kept.originalQuestion}"? It gains the usage, tags, documents and history of the other ${others === 1 ? 'answer' : `${others} answers`}, which ${others === 1 ? 'is' : 'are'} archived.`}
        confirmLabel="Merge"
        busy={merge.isPending}
        onConfirm={() => void doMerge()}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
