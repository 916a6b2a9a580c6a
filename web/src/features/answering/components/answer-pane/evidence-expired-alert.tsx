import { Alert, Stack, Text } from '@mantine/core';
import type { Question } from '@shared/schemas/question';
import { IconAlertTriangle } from '@tabler/icons-react';
import { evidenceExpiredText } from '../../utils/evidence';

/** Above the answer editor: each document the answer cites that has expired, so the answer gets a review. */
export function EvidenceExpiredAlert({ question }: { question: Question }) {
  const expired = question.evidenceExpired ?? [];
  if (expired.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="md"
      icon={<IconAlertTriangle size={18} />}
      data-testid="evidence-expired"
    >
      <Stack gap={4}>
        {expired.map((evidence) => (
          <Text key={evidence.documentId} size="sm">
            {evidenceExpiredText(evidence)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
