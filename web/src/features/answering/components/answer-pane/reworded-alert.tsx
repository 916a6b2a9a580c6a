import { Alert, Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Question } from '@shared/schemas/question';
import { IconArrowsExchange } from '@tabler/icons-react';

export interface RewordedAlertProps {
  question: Question;
  canAnswer: boolean;
  busy: boolean;
  /** The answer still holds for the new wording (the flag goes). */
  onReviewed: () => void;
}

/**
 * Above the answer editor: a new version of the questionnaire reworded this question. Its old and
 * new wording side by side, so the carried-over answer is checked against what is asked now; saving
 * the answer, or "The answer still holds", ends the review.
 */
export function RewordedAlert({ question, canAnswer, busy, onReviewed }: RewordedAlertProps) {
  const reworded = question.reworded;
  if (!reworded) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      icon={<IconArrowsExchange size={18} />}
      title="Reworded in the new version of the file"
      data-testid="reworded"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Box>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Before ({reworded.fileName})
            </Text>
            <Text size="sm" td="line-through" c="dimmed">
              {reworded.previousQuestion}
            </Text>
          </Box>
          <Box>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              Now
            </Text>
            <Text size="sm">{question.question}</Text>
          </Box>
        </SimpleGrid>
        {canAnswer ? (
          <Group gap="xs">
            <Text size="sm" style={{ flex: '1 1 220px' }}>
              The answer was carried over. Check that it still answers the new wording.
            </Text>
            <Button size="xs" variant="light" onClick={onReviewed} loading={busy}>
              The answer still holds
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
