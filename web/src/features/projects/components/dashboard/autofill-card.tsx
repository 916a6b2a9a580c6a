import { Anchor, Button, Group, Progress, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { ProjectDashboard } from '@shared/schemas/project';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useAutofill } from '@/features/projects/api/get-autofill';
import { useStartAutofill } from '@/features/projects/api/start-autofill';
import { isApiError } from '@/lib/api-client';
import { relativeTime } from '@/lib/dates';
import { notifyError } from '@/lib/notify';
import { DraftsReviewModal, type ReviewTab } from './drafts-review-modal';
import { SectionCard } from './section-card';

export const AUTOFILL_ERROR = 'Fill from library could not start. Please try again.';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * Fill from library (issue 13): proposes the library's best answer for every unanswered question and
 * fills the confident ones as drafts, shows the run's progress live and what it filled, and opens
 * the review of the drafts still waiting. Needs ANSWER_QUESTION; not on a completed project.
 */
export function AutofillCard({ dashboard, canAnswer }: { dashboard: ProjectDashboard; canAnswer: boolean }) {
  const { project, libraryDrafts } = dashboard;
  const run = useAutofill(project.projectId).data;
  const start = useStartAutofill();
  const [reviewing, setReviewing] = useState(false);
  const [tab, setTab] = useState<ReviewTab>('drafts');
  const review = (on: ReviewTab) => {
    setTab(on);
    setReviewing(true);
  };
  const active = run?.status === 'QUEUED' || run?.status === 'RUNNING';
  const completed = project.projectStatus === 'COMPLETE';

  const fill = () =>
    start.mutate(
      { projectId: project.projectId },
      { onError: (error) => notifyError(isApiError(error) ? error.message : AUTOFILL_ERROR) },
    );

  let status: React.ReactNode;
  if (active) {
    const share = run.total ? Math.round((run.processed / run.total) * 100) : 0;
    status = (
      <Stack gap={6}>
        <Text size="sm">
          {run.total
            ? `Filling from the library… ${run.processed.toLocaleString('en')} of ${plural(run.total, 'question', 'questions')}`
            : 'Finding the unanswered questions…'}
        </Text>
        <Progress value={share} animated aria-label="Fill from library progress" />
      </Stack>
    );
  } else if (run?.status === 'DONE') {
    status = (
      <Text size="sm" c="dimmed">
        Last run {relativeTime(run.finishedAt ?? run.createdAt)}: {plural(run.filled, 'answer', 'answers')}{' '}
        filled of {plural(run.total, 'unanswered question', 'unanswered questions')}; the rest show their
        suggestions.{' '}
        {run.filled < run.total && canAnswer ? (
          <Anchor component="button" type="button" size="sm" onClick={() => review('empty')}>
            See why {run.total - run.filled === 1 ? 'one was' : 'they were'} left empty
          </Anchor>
        ) : null}
      </Text>
    );
  } else if (run?.status === 'FAILED') {
    status = (
      <Text size="sm" c="red">
        {run.failureReason}
      </Text>
    );
  } else {
    status = (
      <Text size="sm" c="dimmed">
        Answers every unanswered question the library answers with confidence, citing the library entry.
        Drafts stay In Progress until someone reviews them.
      </Text>
    );
  }

  const blocked = !canAnswer
    ? 'You need permission to answer questions'
    : completed
      ? 'This project is completed'
      : active
        ? 'Fill from library is running'
        : dashboard.totalQuestions === 0
          ? 'This project has no questions yet: import a questionnaire first'
          : null;

  return (
    <SectionCard
      title="Fill from library"
      description="Drafts from approved answers, reviewed before they count"
      actions={
        <Tooltip label={blocked} disabled={!blocked}>
          <Button
            size="xs"
            leftSection={<IconSparkles size={14} />}
            onClick={fill}
            loading={start.isPending}
            disabled={Boolean(blocked)}
          >
            Fill from library
          </Button>
        </Tooltip>
      }
    >
      {/* On a phone the count and its button go under the status line. */}
      <Group justify="space-between" align="center" wrap="wrap" gap="lg">
        <div style={{ flex: '1 1 280px', minWidth: 0 }}>{status}</div>
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          <ThemeIcon variant="light" color="violet" size={36} radius="md" aria-hidden>
            <IconSparkles size={20} />
          </ThemeIcon>
          <div>
            <Text fw={700} size="lg" lh={1.1} data-testid="library-drafts">
              {libraryDrafts.toLocaleString('en')}
            </Text>
            <Text size="xs" c="dimmed">
              {libraryDrafts === 1 ? 'draft to review' : 'drafts to review'}
            </Text>
          </div>
          <Button
            variant="light"
            size="xs"
            disabled={!libraryDrafts || !canAnswer}
            onClick={() => review('drafts')}
          >
            Review drafts
          </Button>
        </Group>
      </Group>
      <DraftsReviewModal
        projectId={project.projectId}
        opened={reviewing}
        onClose={() => setReviewing(false)}
        tab={tab}
        onTab={setTab}
      />
    </SectionCard>
  );
}
