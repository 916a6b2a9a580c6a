import '@mantine/charts/styles.css';
import { Alert, Box, Button, Center, EmptyState, Grid, Loader, Stack, Text } from '@mantine/core';
import { IconFolderOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useMatch, useNavigate, useParams } from 'react-router-dom';
import { useProjectDashboard } from '@/features/projects/api/get-project-dashboard';
import { useProjectTeam } from '@/features/projects/api/get-project-team';
import { AddAttachmentsDialog } from '@/features/projects/components/attachments/add-attachments-dialog';
import { ProjectFilesDialog } from '@/features/projects/components/attachments/project-files-dialog';
import {
  CONSISTENCY_CARD_ID,
  ConsistencyCard,
} from '@/features/projects/components/consistency/consistency-card';
import { AssignmentsTable } from '@/features/projects/components/dashboard/assignments-table';
import { AutofillCard } from '@/features/projects/components/dashboard/autofill-card';
import { BurndownChart } from '@/features/projects/components/dashboard/burndown-chart';
import { ContributionsHeatMap } from '@/features/projects/components/dashboard/contributions-heat-map';
import type { DashboardDialog } from '@/features/projects/components/dashboard/dialog-names';
import { EvidenceAlert } from '@/features/projects/components/dashboard/evidence-alert';
import { ProjectHeader } from '@/features/projects/components/dashboard/project-header';
import { StatusTiles } from '@/features/projects/components/dashboard/status-tiles';
import { WelcomeDialog } from '@/features/projects/components/dashboard/welcome-dialog';
import { BusinessContactCard } from '@/features/projects/components/details/business-contact-card';
import { ExternalPortalCard } from '@/features/projects/components/details/external-portal-card';
import { OutcomesCard } from '@/features/projects/components/details/outcomes-card';
import {
  DUE_DATE_INPUT_ID,
  ProjectDetailsCard,
} from '@/features/projects/components/details/project-details-card';
import { TagsCard } from '@/features/projects/components/details/tags-card';
import { AddQuestionDialog } from '@/features/projects/components/dialogs/add-question-dialog';
import { AddQuestionsDialog } from '@/features/projects/components/dialogs/add-questions-dialog';
import { CloseProjectDialog } from '@/features/projects/components/dialogs/close-project-dialog';
import { ManageComplianceDialog } from '@/features/projects/components/dialogs/manage-compliance-dialog';
import { SharingSettingsDialog } from '@/features/projects/components/dialogs/sharing-settings-dialog';
import { UpdatePortalDialog } from '@/features/projects/components/dialogs/update-portal-dialog';
import { ExportProjectDialog } from '@/features/projects/components/export/export-project-dialog';
import { AddFileDialog } from '@/features/projects/components/sources/add-file-dialog';
import { QuestionSourcesDialog } from '@/features/projects/components/sources/question-sources-dialog';
import { FETCH_PROJECT_ERROR, FETCH_TEAM_ERROR } from '@/features/projects/utils/messages';
import { PROJECTS_PATH, projectDashboardPath } from '@/features/projects/utils/paths';
import { useErrorToast } from '@/hooks/use-error-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { usePermissions } from '@/lib/permissions';
import { useLiveScope } from '@/lib/realtime-connection';
import classes from './project-dashboard.module.css';

export const PROJECT_NOT_FOUND = 'Project not found';

function NotFound() {
  usePageTitle(PROJECT_NOT_FOUND);
  return (
    <Center component="main" mih="70vh" p="lg">
      <EmptyState
        icon={<IconFolderOff size={32} />}
        withIndicatorBackground
        title={PROJECT_NOT_FOUND}
        description="This project does not exist, or it has not been shared with you."
      >
        <EmptyState.Actions>
          <Button component={Link} to={PROJECTS_PATH}>
            Back to Projects
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}

/**
 * /Projects/:projectId and /Projects/:projectId/welcome (spec 001 §2): the project dashboard. The
 * top bar, then the oversight area (tiles, burndown, contributions, assignments) and the additional
 * information (details, portal, contact, outcomes, tags), side by side 3:1 on screens wider than the
 * extra-large breakpoint and stacked below it. The project's live events refresh it while open.
 */
export default function ProjectDashboardRoute() {
  const { projectId = '' } = useParams();
  const welcome = useMatch('/Projects/:projectId/welcome') !== null;
  const navigate = useNavigate();
  const dashboard = useProjectDashboard(projectId);
  const team = useProjectTeam(projectId);
  const permissions = usePermissions().data ?? {};
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  useLiveScope(projectId ? { kind: 'project', id: projectId } : null);

  const notFound = isApiError(dashboard.error) && dashboard.error.status === 404;
  useErrorToast(dashboard.isError && !notFound, dashboard.errorUpdatedAt, FETCH_PROJECT_ERROR);
  const teamMissing = isApiError(team.error) && team.error.status === 404;
  useErrorToast(team.isError && !teamMissing, team.errorUpdatedAt, FETCH_TEAM_ERROR);
  usePageTitle(notFound ? undefined : dashboard.data?.project.name);

  if (notFound) return <NotFound />;
  if (dashboard.isPending) {
    return (
      <Center h="100vh" role="status" aria-label="Loading the project">
        <Loader />
      </Center>
    );
  }
  if (!dashboard.data) {
    return (
      <Box component="main" p="lg">
        <Alert color="red" title={FETCH_PROJECT_ERROR} variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Please try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Box>
    );
  }

  const data = dashboard.data;
  const { project } = data;
  const members = team.data ?? [];
  const canView = permissions.ANSWER_QUESTION === true;
  const canEdit = permissions.USER_PERMISSION_CREATE_PROJECT === true;
  const canAddQuestions = permissions.CREATE_QUESTION === true;
  const closeWelcome = () => navigate(projectDashboardPath(projectId), { replace: true });
  const open = (next: DashboardDialog) => setDialog(next);

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" className={classes.page}>
      <ProjectHeader project={project} permissions={permissions} onOpen={open} />
      <div className={classes.layout}>
        <Stack gap="lg" className={classes.oversight}>
          <StatusTiles dashboard={data} canView={canView} />
          <EvidenceAlert dashboard={data} />
          <AutofillCard dashboard={data} canAnswer={canView} />
          <ConsistencyCard projectId={projectId} canAnswer={canView} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <BurndownChart dashboard={data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <ContributionsHeatMap dashboard={data} />
            </Grid.Col>
          </Grid>
          <AssignmentsTable dashboard={data} team={members} canView={canView} />
        </Stack>
        <div className={classes.info}>
          <ProjectDetailsCard project={project} team={members} permissions={permissions} />
          <ExternalPortalCard project={project} onEdit={canEdit ? () => open('portal') : undefined} />
          <BusinessContactCard project={project} canEdit={canEdit} />
          <OutcomesCard project={project} canEdit={canEdit} />
          <TagsCard projectId={projectId} />
        </div>
      </div>

      <WelcomeDialog
        project={project}
        opened={welcome}
        permissions={permissions}
        onClose={closeWelcome}
        onOpen={(next) => {
          closeWelcome();
          open(next);
        }}
        onEditDueDate={() => {
          closeWelcome();
          // After the modal has closed and given the focus back.
          setTimeout(() => {
            const input = document.getElementById(DUE_DATE_INPUT_ID);
            input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
            input?.click();
          }, 450);
        }}
      />
      <AddQuestionsDialog
        opened={dialog === 'add-questions'}
        onClose={() => setDialog(null)}
        onImportFile={() => setDialog('add-file')}
        onOpenSources={() => setDialog('sources')}
        onAddQuestion={() => setDialog('add-question')}
      />
      <AddFileDialog
        projectId={projectId}
        opened={dialog === 'add-file'}
        onClose={() => setDialog(null)}
        onUploaded={() => setDialog('sources')}
      />
      <QuestionSourcesDialog
        projectId={projectId}
        opened={dialog === 'sources'}
        onClose={() => setDialog(null)}
        onAddFile={() => setDialog('add-file')}
        canEdit={canAddQuestions}
      />
      <ExportProjectDialog
        project={project}
        opened={dialog === 'export'}
        onClose={() => setDialog(null)}
        onShowConsistency={() => {
          setDialog(null);
          // After the modal has closed and given the focus back.
          setTimeout(
            () =>
              document
                .getElementById(CONSISTENCY_CARD_ID)
                ?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
            300,
          );
        }}
      />
      <AddQuestionDialog
        projectId={projectId}
        opened={dialog === 'add-question'}
        onClose={() => setDialog(null)}
        onOpenQuestion={
          canView
            ? (questionId) => navigate(`${projectDashboardPath(projectId)}/${encodeURIComponent(questionId)}`)
            : undefined
        }
      />
      <UpdatePortalDialog project={project} opened={dialog === 'portal'} onClose={() => setDialog(null)} />
      <ManageComplianceDialog
        project={project}
        opened={dialog === 'compliance'}
        onClose={() => setDialog(null)}
      />
      <SharingSettingsDialog
        project={project}
        opened={dialog === 'sharing'}
        onClose={() => setDialog(null)}
      />
      <AddAttachmentsDialog
        projectId={projectId}
        opened={dialog === 'attachments'}
        onClose={() => setDialog(null)}
        onOpenFiles={() => setDialog('project-files')}
      />
      <ProjectFilesDialog
        projectId={projectId}
        opened={dialog === 'project-files'}
        onClose={() => setDialog(null)}
        canChange={canView}
        onAddAttachments={canView ? () => setDialog('attachments') : undefined}
      />
      <CloseProjectDialog
        project={project}
        action={dialog === 'close' || dialog === 'reopen' ? dialog : null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
