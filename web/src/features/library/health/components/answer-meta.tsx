import { Group, Text } from '@mantine/core';
import type { HealthAnswer } from '@shared/schemas/library-health';
import { ClassificationBadge } from '@/components/classification-badge';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What merging keeps: usage, tags and documents, with the answer's compliance. */
export function AnswerMeta({ answer }: { answer: HealthAnswer }) {
  return (
    <Group gap="xs" wrap="wrap">
      {answer.responseClassification ? (
        <ClassificationBadge classification={answer.responseClassification} />
      ) : null}
      <Text size="xs" c="dimmed">
        {[
          `Used ${plural(answer.usageCount, 'time', 'times')}`,
          plural(answer.tags.length, 'tag', 'tags'),
          plural(answer.documentCount, 'document', 'documents'),
        ].join(' · ')}
      </Text>
    </Group>
  );
}
