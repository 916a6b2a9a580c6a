import { Anchor, Badge, Button, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { NO_ANSWER_TEXT } from '@shared/schemas/library-gaps';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { AutofillEmpty } from '@/features/projects/api/list-autofill-empty';
import type { Question } from '@/features/projects/api/list-questions';
import { useUseAutofillCandidate } from '@/features/projects/api/use-autofill-candidate';
import { projectDashboardPath } from '@/features/projects/utils/paths';
import { isApiError } from '@/lib/api-client';
import { confidencePercent } from '@/lib/confidence';
import { notifyError, notifySuccess } from '@/lib/notify';

export const USE_ERROR = 'The answer could not be used. Please try again.';

/** Add Answer in the library, started from this question (the library page opens it prefilled). */
export const addToLibraryPath = (question: string) => `/Answers?addQuestion=${encodeURIComponent(question)}`;

export interface LeftEmpty {
  question: Question;
  why: AutofillEmpty;
}

/** The questions still empty after the latest run that it left empty, with the reason it recorded. */
export const leftEmpty = (questions: Question[], empty: AutofillEmpty[]): LeftEmpty[] => {
  const why = new Map(empty.map((e) => [e.questionId, e]));
  return questions.flatMap((question) => {
    const reason = why.get(question.questionId);
    return reason && !question.answer.trim() && !question.libraryDraft ? [{ question, why: reason }] : [];
  });
};

/**
 * Honest "no answer" (issue 28 part 6): each question Fill from library left empty says why — no
 * library answer covers it, or the closest answer was below the confidence threshold (its question,
 * the start of its answer and the confidence) — with "Use this answer" (one click) and "Add a
 * library answer".
 */
export function LeftEmptyList({
  projectId,
  rows,
  canAnswer,
  canManageLibrary,
}: {
  projectId: string;
  rows: LeftEmpty[];
  canAnswer: boolean;
  canManageLibrary: boolean;
}) {
  const use = useUseAutofillCandidate();
  if (!rows.length)
    return (
      <Text c="dimmed" ta="center" py="xl">
        Every question the last run left empty has been answered since
      </Text>
    );
  return (
    <ScrollArea.Autosize mah="65vh">
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Left empty">
        {rows.map(({ question: q, why }) => (
          <Group
            key={q.questionId}
            component="li"
            data-testid="empty-row"
            justify="space-between"
            align="flex-start"
            wrap="wrap"
            gap="sm"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={6} style={{ flex: '1 1 420px', minWidth: 0 }}>
              {q.referenceNumber ? (
                <Text size="xs" c="dimmed">
                  {q.referenceNumber}
                </Text>
              ) : null}
              <Text size="sm" fw={600}>
                {q.question}
              </Text>
              {why.closest ? (
                <Stack gap={2}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm">{NO_ANSWER_TEXT.BELOW_THRESHOLD}</Text>
                    <Badge variant="light" color="gray">
                      {confidencePercent(why.closest.confidence)}%
                    </Badge>
                  </Group>
                  <Text size="sm" fw={500}>
                    “{why.closest.originalQuestion}”
                  </Text>
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {why.closest.answerExcerpt}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {NO_ANSWER_TEXT.NO_MATCH}
                </Text>
              )}
            </Stack>
            <Group gap={8} wrap="wrap" align="center">
              {why.closest && canAnswer ? (
                <Button
                  size="xs"
                  loading={use.isPending && use.variables?.questionId === q.questionId}
                  onClick={() =>
                    use.mutate(
                      { projectId, questionId: q.questionId, answerId: why.closest!.answerId },
                      {
                        onSuccess: () => notifySuccess('Answer used: it is In Progress on the question'),
                        onError: (error) => notifyError(isApiError(error) ? error.message : USE_ERROR),
                      },
                    )
                  }
                >
                  Use this answer
                </Button>
              ) : null}
              {canManageLibrary ? (
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={addToLibraryPath(q.question)}
                  leftSection={<IconPlus size={14} />}
                >
                  Add a library answer
                </Button>
              ) : null}
              <Anchor
                component={Link}
                size="xs"
                to={`${projectDashboardPath(projectId)}/${encodeURIComponent(q.questionId)}`}
                display="inline-flex"
                style={{ alignItems: 'center', gap: 4 }}
              >
                Open the question <IconExternalLink size={12} />
              </Anchor>
            </Group>
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
