import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { GAP_WINDOW_DAYS } from '@shared/schemas/library-gaps';
import { IconArrowLeft, IconChecks, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { useImportAnswers } from '@/features/library/api/import-answers';
import { AnswerFormModal, type AnswerFormValues } from '@/features/library/components/answer-form-modal';
import { type Gap, useGaps } from '@/features/library/gaps/api/list-gaps';
import { confidencePercent } from '@/lib/confidence';
import { relativeTime } from '@/lib/dates';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';

const ERRORS = {
  fetch: 'There was an error fetching the gaps',
  add: 'The answer could not be added. Please try again.',
} as const;

const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

const times = (n: number) => (n === 1 ? 'Asked once' : `Asked ${n.toLocaleString('en')} times`);

function GapCard({ gap, canManage, onAdd }: { gap: Gap; canManage: boolean; onAdd: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="gap" aria-label={gap.question}>
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {gap.question}
          </Text>
          <Badge variant="light" color="orange" style={{ flexShrink: 0 }}>
            {times(gap.count)}
          </Badge>
        </Group>
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed">
            In
          </Text>
          {gap.projects.map((p) => (
            <Badge
              key={p.projectId}
              component={Link}
              to={`/Projects/${encodeURIComponent(p.projectId)}`}
              variant="outline"
              color="gray"
              size="sm"
              style={{ cursor: 'pointer', textTransform: 'none' }}
            >
              {p.name}
              {p.count > 1 ? ` · ${p.count}` : ''}
            </Badge>
          ))}
        </Group>
        {gap.wordings.length ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            Also asked as: {gap.wordings.map((w) => `“${w}”`).join(', ')}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" lineClamp={2}>
          {!gap.closest
            ? 'No library answer covers this'
            : same(gap.closest.originalQuestion, gap.question)
              ? `The library holds this question, but its answers compete (${confidencePercent(gap.closest.confidence)}%): review them in the library`
              : `Closest answer below the confidence threshold: “${gap.closest.originalQuestion}” (${confidencePercent(gap.closest.confidence)}%)`}
        </Text>
        {gap.prefill.answer ? (
          <Text size="xs" c="dimmed">
            Answered since on{' '}
            {gap.projects.find((p) => p.projectId === gap.prefill.projectId)?.name ?? 'a project'}:
          </Text>
        ) : null}
        {gap.prefill.answer ? (
          <Text
            size="sm"
            lineClamp={2}
            style={{ borderLeft: '3px solid var(--mantine-color-gray-3)', paddingLeft: 8 }}
          >
            {gap.prefill.answer}
          </Text>
        ) : null}
        {canManage ? (
          <Group justify="flex-end">
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
              Add to library
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * /Answers/gaps (issue 28 part 4): the library's to-do list. Questions of the last 90 days the
 * library did not answer with confidence, near-identical ones across projects as one, most frequent
 * first, each with its projects; "Add to library" opens Add Answer with the question and the answer
 * written since. A gap goes once the library answers it (the list refreshes itself).
 */
export default function GapsRoute() {
  const permissions = usePermissions();
  const canManage = permissions.data?.MANAGE_ANSWER_LIBRARY === true;
  const gaps = useGaps();
  const add = useImportAnswers();
  const [adding, setAdding] = useState<AnswerFormValues | null>(null);
  const report = gaps.data;

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={1100}>
      <Stack gap={4}>
        <Anchor
          component={Link}
          to="/Answers"
          size="sm"
          display="inline-flex"
          style={{ alignItems: 'center', gap: 4 }}
        >
          <IconArrowLeft size={14} /> Answer Library
        </Anchor>
        <Group gap="sm" align="baseline" wrap="wrap">
          <PageTitle title="Gaps" />
          {report ? (
            <Badge color="orange" variant="light" size="lg">
              {report.total.toLocaleString('en')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          Questions of the last {GAP_WINDOW_DAYS} days the library could not answer with confidence, most
          frequent first. Add an answer and the gap closes.
        </Text>
        {report ? (
          <Text size="xs" c="dimmed" role="status">
            {report.updating
              ? 'Updating…'
              : report.computedAt
                ? `Updated ${relativeTime(report.computedAt)}`
                : ''}
          </Text>
        ) : null}
      </Stack>

      {gaps.isError ? (
        <Alert color="red" variant="light">
          {ERRORS.fetch}
        </Alert>
      ) : !report || (report.updating && !report.computedAt) ? (
        <Center p="xl" role="status" aria-label="Loading gaps">
          <Loader size="sm" />
        </Center>
      ) : report.gaps.length === 0 ? (
        <Stack align="center" gap="xs" p={48}>
          <ThemeIcon size={48} radius="xl" variant="light" color="teal">
            <IconChecks size={26} />
          </ThemeIcon>
          <Text fw={600}>No gaps</Text>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            The library answered every question of the last {GAP_WINDOW_DAYS} days with confidence.
          </Text>
        </Stack>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Gaps">
          {report.gaps.map((gap) => (
            <GapCard
              key={gap.gapId}
              gap={gap}
              canManage={canManage}
              onAdd={() => setAdding({ question: gap.prefill.question, answer: gap.prefill.answer })}
            />
          ))}
        </Stack>
      )}

      <AnswerFormModal
        opened={adding !== null}
        title="Add Answer"
        submitLabel="Add"
        initial={adding ?? undefined}
        saving={add.isPending}
        onClose={() => setAdding(null)}
        onSubmit={async (values) => {
          try {
            const result = await add.mutateAsync({ items: [values], creationMethod: 'MANUALLY' });
            notifySuccess(
              result.created ? 'Answer added to the library' : 'The library already has that answer',
            );
            setAdding(null);
          } catch (error) {
            notifyError(ERRORS.add);
            throw error;
          }
        }}
      />
    </Stack>
  );
}
