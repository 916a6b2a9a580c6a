import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { QUIZ_EMAIL_MAX, QUIZ_MESSAGES } from '@shared/schemas/quiz';
import { IconLock, IconMailCheck, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { useQuiz } from '@/features/quiz/api/get-quiz';
import { useSendQuizInvite } from '@/features/quiz/api/send-quiz-invite';
import classes from '@/features/quiz/components/quiz.module.css';
import { QuizLoadError } from '@/features/quiz/components/quiz-load-error';
import { TemplatesBackLink } from '@/features/quiz/components/templates-back-link';
import { isValidInviteEmail, plural, quizErrorMessage } from '@/features/quiz/utils/invites';
import { groupIntoSections, questionCount } from '@/features/quiz/utils/sections';
import { useErrorToast } from '@/hooks/use-error-toast';
import { notifyError } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';

/**
 * /Quiz/{quizId}/Invite, Send Invitation (spec 002 §2.5, §5, §7.5): the quiz's name and
 * description, a recipient e-mail (a valid address, or Send stays disabled), Send and Reset; then
 * 'Invitation Sent', 'Email sent to {email}' and 'Send another invitation'.
 */
export default function QuizInviteRoute() {
  const { quizId = '' } = useParams();
  const permissions = usePermissions();
  const canSend = permissions.data?.CREATE_QUESTION === true;
  const quiz = useQuiz(quizId);
  const send = useSendQuizInvite();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  useErrorToast(quiz.isError, quiz.errorUpdatedAt, QUIZ_MESSAGES.fetchQuizError);

  const valid = isValidInviteEmail(email);
  const questions = quiz.data ? questionCount(groupIntoSections(quiz.data.quizConfiguration)) : 0;
  const sections = quiz.data?.quizConfiguration.filter((i) => i.itemType === 'SECTION').length ?? 0;
  const error = touched && email.trim() !== '' && !valid ? QUIZ_MESSAGES.emailInvalid : undefined;

  const reset = () => {
    setEmail('');
    setTouched(false);
    setSentTo(null);
    send.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || send.isPending) return;
    const address = email.trim();
    send.mutate(
      { quizId, emailAddress: address },
      {
        onSuccess: () => setSentTo(address),
        onError: (failure) => notifyError(quizErrorMessage(failure, QUIZ_MESSAGES.sendError)),
      },
    );
  };

  const body = () => {
    if (quiz.isPending)
      return (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm" role="status" aria-label="Loading the quiz">
            <Skeleton h={22} w="50%" />
            <Skeleton h={14} w="80%" />
            <Skeleton h={36} mt="md" />
          </Stack>
        </Paper>
      );
    if (quiz.isError) return <QuizLoadError error={quiz.error} onRetry={() => void quiz.refetch()} />;
    const data = quiz.data;
    return (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Stack gap={6} p="lg" bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
            Quiz
          </Text>
          <Title order={2} fz="h3" fw={650} className={classes.wrapText}>
            {data.quizName}
          </Title>
          {data.quizDescription ? (
            <Text size="sm" c="dimmed" className={classes.answerText}>
              {data.quizDescription}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {plural(sections, 'section')} · {plural(questions, 'question')}
            {canSend ? (
              <>
                {' · '}
                <Anchor component={Link} to={`/Quiz/${quizId}/Edit`} size="xs">
                  Edit Quiz
                </Anchor>
              </>
            ) : null}
          </Text>
        </Stack>

        {sentTo ? (
          <Stack align="center" gap={6} p={40} role="status">
            <ThemeIcon size={52} radius="xl" variant="light" color="teal">
              <IconMailCheck size={28} />
            </ThemeIcon>
            <Text fw={700} size="lg" mt={4}>
              Invitation Sent
            </Text>
            <Text size="sm" c="dimmed" ta="center" className={classes.wrapText}>
              Email sent to {sentTo}
            </Text>
            <Text size="xs" c="dimmed" ta="center" maw={420}>
              You will see it in Sent Invitations, with its status, until the answers come back.
            </Text>
            <Group gap="xs" mt="md" justify="center">
              <Button onClick={reset}>Send another invitation</Button>
              <Button component={Link} to="/Quiz?tab=sent" variant="default">
                View Sent Invitations
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md" p="lg">
              {questions === 0 ? (
                <Alert color="yellow" variant="light">
                  {QUIZ_MESSAGES.noQuestions}
                </Alert>
              ) : null}
              <TextInput
                label="Recipient's email address"
                description="They receive an e-mail with a link; they answer it in their own workspace."
                placeholder="name@vendor.com"
                type="email"
                autoComplete="email"
                value={email}
                maxLength={QUIZ_EMAIL_MAX}
                onChange={(e) => setEmail(e.currentTarget.value)}
                onBlur={() => setTouched(true)}
                error={error}
                disabled={send.isPending}
                data-autofocus
                required
              />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={reset} disabled={send.isPending || email === ''}>
                  Reset
                </Button>
                <Button
                  type="submit"
                  leftSection={<IconSend size={16} />}
                  disabled={!valid || questions === 0}
                  loading={send.isPending}
                >
                  Send
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    );
  };

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={760}>
      <Stack gap={4}>
        <TemplatesBackLink />
        <PageTitle title="Send Invitation" />
        <Text size="sm" c="dimmed">
          Send this quiz to someone outside your team. Their answers come back to Sent Invitations.
        </Text>
      </Stack>
      {permissions.data && !canSend ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          Sending quizzes needs permission to create questions. Ask a team administrator if you need it.
        </Alert>
      ) : (
        body()
      )}
    </Stack>
  );
}
