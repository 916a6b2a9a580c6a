import { ActionIcon, Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { Question } from '@shared/schemas/question';
import { IconCopy } from '@tabler/icons-react';
import { STATUS_LABELS, truncateTag } from '../../utils/answer-editor';
import { COPIED, copyText } from './clipboard';

const STATUS_COLORS: Record<Question['responseStatus'], string> = {
  INCOMPLETE: 'gray',
  'IN-PROGRESS': 'blue',
  COMPLETE: 'teal',
};

function Fact({ label, value }: { label: string; value?: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text size="sm" c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

/** The question, its information block (information, reference, section, importance) and tags. */
export function QuestionDetails({ question }: { question: Question }) {
  const facts = (
    [
      ['Reference Number', question.referenceNumber],
      ['Section', question.sectionDescription],
      ['Importance', question.importance],
    ] as const
  ).filter(([, value]) => Boolean(value?.trim()));
  const hasInfo = facts.length > 0 || Boolean(question.information?.trim());
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color={STATUS_COLORS[question.responseStatus]} radius="sm" size="sm">
          {STATUS_LABELS[question.responseStatus]}
        </Badge>
      </Group>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Text
          component="h2"
          m={0}
          size="lg"
          fw={600}
          lh={1.45}
          style={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="question-text"
        >
          {question.question}
        </Text>
        <Tooltip label="Copy question" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Copy question"
            onClick={() => copyText(question.question, COPIED.question)}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {hasInfo ? (
        <Paper
          bg="gray.0"
          radius="md"
          p="sm"
          withBorder
          style={{ borderColor: 'var(--mantine-color-gray-2)' }}
        >
          {facts.length ? (
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing={6}>
              {facts.map(([label, value]) => (
                <Fact key={label} label={label} value={value} />
              ))}
            </SimpleGrid>
          ) : null}
          {question.information ? (
            <Box mt={facts.length ? 'sm' : 0}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
                Information
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {question.information}
              </Text>
            </Box>
          ) : null}
        </Paper>
      ) : null}
      {question.tags?.length ? (
        <Group gap={6} wrap="wrap" aria-label="Tags">
          {question.tags.map((tag) => (
            <Badge key={tag} variant="outline" color="gray" radius="sm" tt="none" fw={500} title={tag}>
              {truncateTag(tag)}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
