import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { HealthAnswer, HealthConflict } from '@shared/schemas/library-health';
import { useState } from 'react';
import { notifySuccess } from '@/lib/notify';
import { useResolveConflict } from '../api/resolve-conflict';
import { AnswerMeta } from './answer-meta';
import { failure } from './failure';
import { Highlighted } from './highlighted';

/** Two answers to one question that cannot both be right, side by side, the clash marked. */
export function ConflictCard({ conflict, canManage }: { conflict: HealthConflict; canManage: boolean }) {
  const [keeping, setKeeping] = useState<HealthAnswer | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const resolve = useResolveConflict();
  const other = keeping && (keeping.answerId === conflict.a.answerId ? conflict.b : conflict.a);

  const confirm = async () => {
    if (!keeping) return;
    if (!reason.trim()) {
      setError('Please give a reason');
      return;
    }
    try {
      await resolve.mutateAsync({
        conflictId: conflict.conflictId,
        keepAnswerId: keeping.answerId,
        reason: reason.trim(),
      });
      notifySuccess('Conflict resolved: the other answer is archived');
      setKeeping(null);
    } catch (e) {
      failure(e, 'There was an error resolving this conflict');
    }
  };

  const side = (answer: HealthAnswer, phrase?: string) => (
    <Paper withBorder radius="sm" p="sm" data-answer-id={answer.answerId}>
      <Stack gap={6} h="100%">
        <Text fw={600} size="sm">
          {answer.originalQuestion}
        </Text>
        <Highlighted text={answer.answer} phrase={phrase} />
        <AnswerMeta answer={answer} />
        {canManage ? (
          <Group mt="auto" pt={4}>
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                setKeeping(answer);
                setReason('');
                setError(null);
              }}
            >
              Keep this one
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label="Conflict"
      data-conflict-id={conflict.conflictId}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge color="red" variant="light">
            {conflict.kind === 'COMPLIANCE'
              ? 'Compliant vs not compliant'
              : `Contradiction: ${conflict.concept ?? 'same concept'}`}
          </Badge>
          <Text size="sm" c="dimmed">
            Two answers to the same question disagree.
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {side(conflict.a, conflict.phraseA)}
          {side(conflict.b, conflict.phraseB)}
        </SimpleGrid>
      </Stack>
      <Modal opened={keeping !== null} onClose={() => setKeeping(null)} title="Keep this answer" centered>
        <Stack gap="sm">
          <Text size="sm">
            Keep "{keeping?.originalQuestion}". The other answer, "{other?.originalQuestion}", goes to the
            Archive with your reason.
          </Text>
          <Textarea
            label="Reason"
            placeholder="Why is the other answer wrong?"
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setKeeping(null)}>
              Cancel
            </Button>
            <Button color="red" loading={resolve.isPending} onClick={() => void confirm()}>
              Archive the other
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
