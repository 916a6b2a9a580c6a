import {
  Alert,
  Badge,
  Box,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QUIZ_MESSAGES, type QuizInvite } from '@shared/schemas/quiz';
import { IconDownload } from '@tabler/icons-react';
import {
  CLASSIFICATION_COLORS,
  CLASSIFICATION_LABELS,
  ClassificationBadge,
} from '@/components/classification-badge';
import { useQuizAnswers } from '@/features/quiz/api/get-quiz-answers';
import { groupAnswers } from '@/features/quiz/utils/answers';
import { classificationCounts } from '@/features/quiz/utils/classification';
import { plural, quizErrorMessage, shortDate } from '@/features/quiz/utils/invites';
import { useErrorToast } from '@/hooks/use-error-toast';
import classes from './quiz.module.css';

export interface QuizAnswersDrawerProps {
  opened: boolean;
  /** The answered invitation to show (kept while the drawer closes). */
  invite: QuizInvite | null;
  exporting: boolean;
  onExport: (invite: QuizInvite) => void;
  onClose: () => void;
}

/**
 * View Answers: the quiz as it was sent, section by section, each question with the answer that
 * came back and its compliance badge; Export XLSX from here too.
 */
export function QuizAnswersDrawer({ opened, invite, exporting, onExport, onClose }: QuizAnswersDrawerProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const answers = useQuizAnswers(invite?.quizInviteId ?? null);
  useErrorToast(
    answers.isError,
    answers.errorUpdatedAt,
    quizErrorMessage(answers.error, QUIZ_MESSAGES.answersError),
  );
  const items = answers.data?.items ?? [];
  const groups = groupAnswers(items);
  const counts = classificationCounts(items);
  const answeredAt = answers.data?.invite.answeredAt ?? invite?.answeredAt;
  let number = 0;

  return (
    <Drawer
      opened={opened && invite !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 720}
      padding={0}
      title={
        <Stack gap={2}>
          <Text fw={700} size="lg" lh={1.3}>
            {invite?.quizName}
          </Text>
          <Text size="sm" c="dimmed">
            Answered by {invite?.emailAddress}
            {answeredAt ? ` on ${shortDate(answeredAt)}` : ''}
          </Text>
        </Stack>
      }
      styles={{
        header: {
          padding: '16px 20px',
          borderBottom: '1px solid var(--mantine-color-gray-2)',
          alignItems: 'flex-start',
        },
        body: { padding: 0 },
      }}
    >
      <Group
        justify="space-between"
        gap="xs"
        px={20}
        py={10}
        bg="gray.0"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap={6}>
          {[...counts].map(([classification, count]) => (
            <Badge
              key={classification}
              variant="dot"
              color={CLASSIFICATION_COLORS[classification]}
              radius="sm"
              size="lg"
              tt="none"
              fw={500}
            >
              {CLASSIFICATION_LABELS[classification]} · {count}
            </Badge>
          ))}
        </Group>
        {invite ? (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} />}
            loading={exporting}
            onClick={() => onExport(invite)}
          >
            Export XLSX
          </Button>
        ) : null}
      </Group>

      <Stack gap="xl" p={20}>
        {answers.isPending ? (
          <Stack gap="md" role="status" aria-label="Loading the answers">
            <Skeleton h={18} w="40%" />
            <Skeleton h={70} />
            <Skeleton h={70} />
          </Stack>
        ) : answers.isError ? (
          <Alert color="red" variant="light">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{quizErrorMessage(answers.error, QUIZ_MESSAGES.answersError)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void answers.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : (
          groups.map((group) => (
            <Stack key={group.key} gap="sm" component="section">
              {group.title !== null ? (
                <Group justify="space-between" align="baseline" gap="xs">
                  <Title order={3} fz="h5" fw={650} className={classes.wrapText}>
                    {group.title}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {plural(group.questions.length, 'question')}
                  </Text>
                </Group>
              ) : null}
              {group.questions.length === 0 ? (
                <Text size="sm" c="dimmed" fs="italic">
                  No questions in this section.
                </Text>
              ) : null}
              {group.questions.map((question) => {
                number += 1;
                return (
                  <Paper key={question.itemId} withBorder radius="md" p="md">
                    <Stack gap="xs">
                      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                        <Group gap={10} align="flex-start" wrap="nowrap" miw={0}>
                          <Text size="sm" c="dimmed" fw={600} miw={26}>
                            {number}.
                          </Text>
                          <Text size="sm" fw={600} className={classes.answerText}>
                            {question.itemLabel}
                          </Text>
                        </Group>
                        <ClassificationBadge
                          classification={question.responseClassification ?? 'INCOMPLETE'}
                        />
                      </Group>
                      <Divider color="gray.2" />
                      <Box pl={36}>
                        {question.answer?.trim() ? (
                          <Text size="sm" className={classes.answerText}>
                            {question.answer}
                          </Text>
                        ) : (
                          <Text size="sm" c="dimmed" fs="italic">
                            No answer given
                          </Text>
                        )}
                      </Box>
                    </Stack>
                  </Paper>
                );
              })}
            </Stack>
          ))
        )}
      </Stack>
    </Drawer>
  );
}
