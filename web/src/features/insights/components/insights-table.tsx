import { Anchor, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { INSIGHTS_MESSAGES, type InsightResult } from '@shared/schemas/insights';
import { IconListSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ClassificationBadge } from '@/components/classification-badge';
import { formatAnsweredOn, personOrDash } from '@/features/insights/utils/format';
import {
  FOLD_ANSWER_CHARACTERS,
  FOLD_LINES,
  FOLD_QUESTION_CHARACTERS,
  isLongText,
} from '@/features/insights/utils/text';
import { fullDateTime } from '@/lib/dates';
import classes from './insights.module.css';

/** No result (spec 002 §2.4): 'No questions were found', 'Please check your search filters'. */
export function NoQuestions() {
  return (
    <Stack align="center" gap={6} p={48}>
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        <IconListSearch size={24} />
      </ThemeIcon>
      <Text fw={600}>{INSIGHTS_MESSAGES.noneTitle}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {INSIGHTS_MESSAGES.noneHint}
      </Text>
    </Stack>
  );
}

/** A long question or answer: three lines, then Show more (the whole text, paragraphs kept). */
function LongText({ text, fold, strong }: { text: string; fold: number; strong?: boolean }) {
  const [open, setOpen] = useState(false);
  const long = isLongText(text, fold);
  return (
    <Stack gap={2} align="flex-start">
      <Text
        size="sm"
        fw={strong ? 500 : undefined}
        lineClamp={open || !long ? undefined : FOLD_LINES}
        className={classes.text}
      >
        {text}
      </Text>
      {long ? (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? 'Show less' : 'Show more'}
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * The Q&A results (spec 002 §2.4): Project, Question, Answer, Answered On (Do MMM YYYY), Answered
 * By, Classified By and Classification; long texts fold to three lines.
 */
export function InsightsTable({ results, stale }: { results: readonly InsightResult[]; stale?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table
        className={`${classes.table} ${stale ? classes.stale : ''}`}
        verticalSpacing={10}
        highlightOnHover
        aria-label="Answered questions"
        aria-busy={stale || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="14%">Project</Table.Th>
            <Table.Th w="24%">Question</Table.Th>
            <Table.Th>Answer</Table.Th>
            <Table.Th w={120}>Answered On</Table.Th>
            <Table.Th w={130}>Answered By</Table.Th>
            <Table.Th w={130}>Classified By</Table.Th>
            <Table.Th w={150}>Classification</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((row) => (
            <Table.Tr key={`${row.projectId}:${row.questionId}`} data-question-id={row.questionId}>
              <Table.Td>
                <Text size="sm" fw={600} lineClamp={2} title={row.name} className={classes.text}>
                  {row.name}
                </Text>
                {row.industryVertical ? (
                  <Text size="xs" c="dimmed" mt={2}>
                    {row.industryVertical}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <LongText text={row.question} fold={FOLD_QUESTION_CHARACTERS} strong />
              </Table.Td>
              <Table.Td>
                <LongText text={row.answer} fold={FOLD_ANSWER_CHARACTERS} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <Text size="sm" c="dimmed" title={fullDateTime(row.updatedAt)}>
                  {formatAnsweredOn(row.updatedAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{personOrDash(row.answeredByUser)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{personOrDash(row.classifiedByUser)}</Text>
              </Table.Td>
              <Table.Td>
                <ClassificationBadge classification={row.responseClassification} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
