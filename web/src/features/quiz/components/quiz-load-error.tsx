import { Alert, Button, Group, Text } from '@mantine/core';
import { QUIZ_MESSAGES } from '@shared/schemas/quiz';
import { isNotFound } from '@/features/quiz/utils/invites';

/** A quiz that could not be read: gone (no retry), or a failure with Try again. */
export function QuizLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const gone = isNotFound(error);
  return (
    <Alert color="red" variant="light">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{gone ? QUIZ_MESSAGES.notFound : QUIZ_MESSAGES.fetchQuizError}</Text>
        {gone ? null : (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Group>
    </Alert>
  );
}
