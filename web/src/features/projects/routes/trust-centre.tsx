import { Button, Center, EmptyState, Group, Loader, Paper, Text } from '@mantine/core';
import { IconPrinter, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTrustCentreCompliance } from '@/features/projects/api/get-trust-centre-compliance';
import { useTrustCentreProject } from '@/features/projects/api/get-trust-centre-project';
import { useQuestions } from '@/features/projects/api/list-questions';
import classes from '@/features/projects/components/trust-centre.module.css';
import { TrustCentreDocument } from '@/features/projects/components/trust-centre-document';
import { answeredSections } from '@/features/projects/utils/trust-centre-sections';
import { useErrorToast } from '@/hooks/use-error-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';

export const PROJECT_FETCH_ERROR = 'There was a problem fetching your Project';
export const NOT_FOUND_TEXT = 'This project does not exist, or it has not been shared with you.';
export const NO_ANSWER_ACCESS = "You don't have access to view this project's answers.";

/**
 * /Projects/:projectId/trust-centre (spec 001 §2 Project Trust Centre): a read-only page, outside
 * the app chrome, opened in a new tab: the project's answered questions by section with their
 * compliance status in the project's wording, printable to PDF from the browser.
 */
export default function TrustCentreRoute() {
  const { projectId = '' } = useParams();
  const project = useTrustCentreProject(projectId);
  const questions = useQuestions(projectId);
  const compliance = useTrustCentreCompliance(projectId);
  const [preparedAt] = useState(() => new Date().toISOString());
  usePageTitle(project.data ? `${project.data.name} · Trust Centre` : 'Trust Centre');
  useErrorToast(project.isError, project.errorUpdatedAt, PROJECT_FETCH_ERROR);

  const sections = useMemo(() => answeredSections(questions.data ?? []), [questions.data]);
  // Without custom wording (or if it cannot be read) the product's default wording is used.
  const wording = useMemo(() => ({ project: compliance.data?.[projectId] }), [compliance.data, projectId]);

  const error = project.error ?? questions.error;
  let content: React.ReactNode;
  if (error) {
    const status = isApiError(error) ? error.status : 0;
    content = (
      <Paper withBorder radius="md" className={classes.document}>
        <EmptyState
          py="xl"
          icon={<IconShieldOff size={32} />}
          withIndicatorBackground
          title={status === 404 ? 'Project not found' : status === 403 ? 'No access' : 'Something went wrong'}
          description={
            status === 404 ? NOT_FOUND_TEXT : status === 403 ? NO_ANSWER_ACCESS : PROJECT_FETCH_ERROR
          }
        />
      </Paper>
    );
  } else if (!project.data || !questions.data || compliance.isPending) {
    content = (
      <Center py={80} role="status" aria-label="Loading the Trust Centre">
        <Loader />
      </Center>
    );
  } else {
    content = (
      <TrustCentreDocument
        project={project.data}
        sections={sections}
        wording={wording}
        preparedAt={preparedAt}
      />
    );
  }

  const ready = !error && project.isSuccess && questions.isSuccess && !compliance.isPending;
  return (
    <main className={classes.page}>
      <Group justify="space-between" className={`${classes.toolbar} ${classes.noPrint}`}>
        <Group gap={6} c="dimmed">
          <IconShieldCheck size={18} />
          <Text size="sm">Read-only view</Text>
        </Group>
        {error ? null : (
          <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!ready}>
            Print / Save as PDF
          </Button>
        )}
      </Group>
      {content}
    </main>
  );
}
