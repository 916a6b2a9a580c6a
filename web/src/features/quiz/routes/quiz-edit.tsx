import { Paper, Skeleton, Stack } from '@mantine/core';
import { QUIZ_MESSAGES } from '@shared/schemas/quiz';
import { useParams } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { useQuiz } from '@/features/quiz/api/get-quiz';
import { QuizEditor } from '@/features/quiz/components/editor/quiz-editor';
import { QuizLoadError } from '@/features/quiz/components/quiz-load-error';
import { TemplatesBackLink } from '@/features/quiz/components/templates-back-link';
import { isNotFound } from '@/features/quiz/utils/invites';
import { useErrorToast } from '@/hooks/use-error-toast';
import { usePermissions } from '@/lib/permissions';

/**
 * /Quiz/New and /Quiz/{quizId}/Edit (spec 002 §2.5): the quiz editor, on a new quiz or on the
 * saved one once it is read. Members without CREATE_QUESTION read it only.
 */
export default function QuizEditRoute() {
  const { quizId } = useParams();
  const permissions = usePermissions();
  const readOnly = permissions.data ? permissions.data.CREATE_QUESTION !== true : false;
  const quiz = useQuiz(quizId);
  useErrorToast(quiz.isError && !isNotFound(quiz.error), quiz.errorUpdatedAt, QUIZ_MESSAGES.fetchQuizError);

  if (quizId && !quiz.data) {
    return (
      <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={1040}>
        <Stack gap={2}>
          <TemplatesBackLink />
          <PageTitle title="Edit Quiz" />
        </Stack>
        {quiz.isError ? (
          <QuizLoadError error={quiz.error} onRetry={() => void quiz.refetch()} />
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm" role="status" aria-label="Loading the quiz">
              <Skeleton h={14} w={80} />
              <Skeleton h={36} />
              <Skeleton h={14} w={120} mt="sm" />
              <Skeleton h={60} />
            </Stack>
          </Paper>
        )}
      </Stack>
    );
  }

  return (
    <QuizEditor
      key={quizId ?? 'new'}
      quiz={quiz.data ?? null}
      readOnly={readOnly}
      reload={async () => (await quiz.refetch({ throwOnError: true })).data}
    />
  );
}
