import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { Candidate } from '@shared/schemas/answer';
import { UserAvatar } from '@/components/user-avatar';
import type { Author } from '@/features/library/api/list-team-members';
import { fullDateTime } from '@/lib/dates';

/** Answer Review for a candidate (spec 002 §2.2): Cancel, Discard Answer, Add to Library. */
export function CandidateReviewModal({
  candidate,
  authors,
  busy,
  onCancel,
  onDecide,
}: {
  candidate: Candidate | null;
  authors: Map<string, Author>;
  busy: boolean;
  onCancel: () => void;
  onDecide: (decision: 'DISCARD' | 'CREATE') => void;
}) {
  const author = candidate ? authors.get(candidate.authorId) : undefined;
  return (
    <Modal
      opened={candidate !== null}
      onClose={onCancel}
      title={
        <Text fw={650} size="lg">
          Answer Review
        </Text>
      }
      size="lg"
      centered
    >
      {candidate ? (
        <Stack gap="md">
          <Text size="sm" fw={600}>
            {candidate.question}
          </Text>
          <Paper withBorder radius="md" p="md" bg="gray.0">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {candidate.answer}
            </Text>
          </Paper>
          <Group gap="sm" wrap="wrap">
            <UserAvatar fullName={author?.fullName ?? 'Former member'} photo={author?.photo} size={24} />
            <Text size="xs" c="dimmed">
              {author?.fullName ?? 'Former member'} · {candidate.projectName ?? 'A project'} ·{' '}
              {fullDateTime(candidate.createdAt)}
            </Text>
            {candidate.responseClassification ? (
              <Badge variant="light" size="sm">
                {candidate.responseClassification.replace('-', ' ').toLowerCase()}
              </Badge>
            ) : null}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button variant="light" color="red" disabled={busy} onClick={() => onDecide('DISCARD')}>
              Discard Answer
            </Button>
            <Button loading={busy} onClick={() => onDecide('CREATE')}>
              Add to Library
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
