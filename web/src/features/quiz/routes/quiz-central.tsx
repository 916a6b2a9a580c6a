import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { QUIZ_MESSAGES, type QuizInvite } from '@shared/schemas/quiz';
import { IconInbox, IconPlus, IconSend, IconTemplate } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageTitle } from '@/components/page-title';
import { useAcceptQuizInvite } from '@/features/quiz/api/accept-quiz-invite';
import { useCancelQuizInvite } from '@/features/quiz/api/cancel-quiz-invite';
import { useDeclineQuizInvite } from '@/features/quiz/api/decline-quiz-invite';
import { useExportQuizAnswers } from '@/features/quiz/api/export-quiz-answers';
import { useQuizInbox } from '@/features/quiz/api/list-quiz-inbox';
import { useQuizSent } from '@/features/quiz/api/list-quiz-sent';
import { useQuizTemplates } from '@/features/quiz/api/list-quiz-templates';
import { EmptyState } from '@/features/quiz/components/empty-state';
import { InvitesTable } from '@/features/quiz/components/invites-table';
import { PanelHeader } from '@/features/quiz/components/panel-header';
import classes from '@/features/quiz/components/quiz.module.css';
import { QuizAnswersDrawer } from '@/features/quiz/components/quiz-answers-drawer';
import { TemplatesTable } from '@/features/quiz/components/templates-table';
import {
  type CentralTab,
  type InviteAction,
  quizErrorMessage,
  tabFromSearch,
} from '@/features/quiz/utils/invites';
import { useErrorToast } from '@/hooks/use-error-toast';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';

/** A tab's icon, left out on a phone so the three tabs fit on one line. */
function TabIcon({ icon: Icon }: { icon: typeof IconInbox }) {
  return (
    <Box component="span" visibleFrom="xs" style={{ lineHeight: 0 }}>
      <Icon size={16} />
    </Box>
  );
}

type Confirming = { invite: QuizInvite; action: 'decline' | 'cancel' } | null;
type Busy = { quizInviteId: string; action: InviteAction } | null;

function ListState({
  query,
  error,
  label,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: readonly unknown[]; refetch: () => unknown };
  error: string;
  label: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isError && !query.data)
    return (
      <Alert color="red" variant="light" m="md">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{error}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  if (query.isPending)
    return (
      <Center p="xl" role="status" aria-label={label}>
        <Loader size="sm" />
      </Center>
    );
  if (!query.data || query.data.length === 0) return empty;
  return children;
}

/**
 * /Quiz, Quiz Central (spec 002 §2.5, §4, §7.5, §8): the Team Inbox (invitations sent to the
 * team's members: accept, which opens the new project, or decline), Sent Invitations (cancel while
 * unclaimed; read and export the answers once they came back) and Quiz Templates (create, edit,
 * send). The tab is in the URL (?tab=inbox|sent|templates); invitations change live
 * (QUIZ_INVITE_UPDATED).
 */
export default function QuizCentralRoute() {
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search.get('tab'));
  const navigate = useNavigate();
  const permissions = usePermissions();
  const granted = permissions.data ?? {};
  const canWrite = granted.CREATE_QUESTION === true;

  const inbox = useQuizInbox();
  const sent = useQuizSent();
  const templates = useQuizTemplates();
  useErrorToast(inbox.isError, inbox.errorUpdatedAt, QUIZ_MESSAGES.inboxError);
  useErrorToast(sent.isError, sent.errorUpdatedAt, QUIZ_MESSAGES.sentError);
  useErrorToast(templates.isError, templates.errorUpdatedAt, QUIZ_MESSAGES.templatesError);

  const accept = useAcceptQuizInvite();
  const decline = useDeclineQuizInvite();
  const cancel = useCancelQuizInvite();
  const exporter = useExportQuizAnswers();
  // The dialog keeps its invitation while it closes (only `open` changes).
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const closeConfirm = () => setConfirmOpen(false);
  const [viewing, setViewing] = useState<QuizInvite | null>(null);
  const [viewOpen, setViewOpen] = useState(false);

  const busy: Busy = accept.isPending
    ? { quizInviteId: accept.variables ?? '', action: 'accept' }
    : decline.isPending
      ? { quizInviteId: decline.variables ?? '', action: 'decline' }
      : cancel.isPending
        ? { quizInviteId: cancel.variables ?? '', action: 'cancel' }
        : exporter.isPending
          ? { quizInviteId: exporter.variables ?? '', action: 'export' }
          : null;

  const setTab = (value: CentralTab) =>
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  const runExport = (invite: QuizInvite) =>
    exporter.mutate(invite.quizInviteId, {
      onError: (error) => notifyError(quizErrorMessage(error, QUIZ_MESSAGES.exportError)),
    });

  const act = (invite: QuizInvite, action: InviteAction) => {
    switch (action) {
      case 'accept':
        accept.mutate(invite.quizInviteId, {
          onSuccess: ({ projectId }) => {
            notifySuccess(`${invite.quizName} accepted: its questions are now a project`);
            navigate(`/Projects/${projectId}`);
          },
          onError: (error) => notifyError(quizErrorMessage(error, QUIZ_MESSAGES.acceptError)),
        });
        return;
      case 'decline':
      case 'cancel':
        setConfirming({ invite, action });
        setConfirmOpen(true);
        return;
      case 'open-project':
        if (invite.projectId) navigate(`/Projects/${invite.projectId}`);
        return;
      case 'view-answers':
        setViewing(invite);
        setViewOpen(true);
        return;
      case 'export':
        runExport(invite);
        return;
    }
  };

  const confirm = () => {
    if (!confirming) return;
    const { invite, action } = confirming;
    const mutation = action === 'decline' ? decline : cancel;
    mutation.mutate(invite.quizInviteId, {
      onSuccess: () => {
        closeConfirm();
        notifySuccess(
          action === 'decline'
            ? `You declined ${invite.quizName}`
            : `The invitation to ${invite.emailAddress} was cancelled`,
        );
      },
      onError: (error) => {
        closeConfirm();
        notifyError(
          quizErrorMessage(
            error,
            action === 'decline' ? QUIZ_MESSAGES.declineError : QUIZ_MESSAGES.cancelError,
          ),
        );
      },
    });
  };

  const waiting = (inbox.data ?? []).filter((i) => i.inviteStatus === 'UNCLAIMED' && i.claimable).length;
  const createButton = canWrite ? (
    <Button component={Link} to="/Quiz/New" leftSection={<IconPlus size={16} />}>
      Create Quiz Template
    </Button>
  ) : null;

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={1440}>
      <Stack gap={2}>
        <PageTitle title="Quiz Central" />
        <Text size="sm" c="dimmed">
          Send your own security questionnaires to vendors and partners, and answer the ones sent to your
          team.
        </Text>
      </Stack>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Tabs value={tab} onChange={(v) => v && setTab(tabFromSearch(v))} keepMounted={false}>
          <Tabs.List className={classes.tabs}>
            <Tabs.Tab
              value="inbox"
              leftSection={<TabIcon icon={IconInbox} />}
              rightSection={
                waiting > 0 ? (
                  <Badge size="xs" circle variant="filled" aria-label={`${waiting} waiting for a reply`}>
                    {waiting}
                  </Badge>
                ) : null
              }
            >
              Inbox
            </Tabs.Tab>
            <Tabs.Tab value="sent" leftSection={<TabIcon icon={IconSend} />}>
              Sent
            </Tabs.Tab>
            <Tabs.Tab value="templates" leftSection={<TabIcon icon={IconTemplate} />}>
              Templates
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="inbox">
            <PanelHeader
              title="Team Inbox"
              description="Quizzes sent to people in your team. Accepting one turns its questions into a project you answer from your library."
            />
            <ListState
              query={inbox}
              error={QUIZ_MESSAGES.inboxError}
              label="Loading the inbox"
              empty={
                <EmptyState icon={<IconInbox size={26} />} title="Your team's inbox is empty">
                  When a customer or partner sends a quiz to someone in your team, it arrives here to be
                  accepted and answered as a project.
                </EmptyState>
              }
            >
              <InvitesTable
                invites={inbox.data ?? []}
                box="inbox"
                permissions={granted}
                busy={busy}
                onAction={act}
              />
            </ListState>
          </Tabs.Panel>

          <Tabs.Panel value="sent">
            <PanelHeader
              title="Sent Invitations"
              description="Quizzes your team sent. Answers come back here once the recipient closes their project."
            />
            <ListState
              query={sent}
              error={QUIZ_MESSAGES.sentError}
              label="Loading the sent invitations"
              empty={
                <EmptyState
                  icon={<IconSend size={26} />}
                  title="No invitations sent yet"
                  action={
                    <Button variant="light" onClick={() => setTab('templates')}>
                      Go to Quiz Templates
                    </Button>
                  }
                >
                  Pick one of your quiz templates and send it to a vendor by e-mail. You will see here when
                  they accept it, and read their answers when they are done.
                </EmptyState>
              }
            >
              <InvitesTable
                invites={sent.data ?? []}
                box="sent"
                permissions={granted}
                busy={busy}
                onAction={act}
              />
            </ListState>
          </Tabs.Panel>

          <Tabs.Panel value="templates">
            <PanelHeader
              title="Quiz Templates"
              description="Your team's own questionnaires, organised in sections, ready to send."
              action={templates.data?.length ? createButton : null}
            />
            <ListState
              query={templates}
              error={QUIZ_MESSAGES.templatesError}
              label="Loading the quiz templates"
              empty={
                <EmptyState
                  icon={<IconTemplate size={26} />}
                  title="No quiz templates yet"
                  action={createButton}
                >
                  Write your vendor questionnaire once, in sections, and send it to as many vendors as you
                  need.
                </EmptyState>
              }
            >
              <TemplatesTable templates={templates.data ?? []} canEdit={canWrite} />
            </ListState>
          </Tabs.Panel>
        </Tabs>
      </Paper>

      <ConfirmDialog
        opened={confirmOpen && confirming?.action === 'decline'}
        title="Decline this quiz?"
        message={
          confirming ? (
            <Text size="sm">
              {confirming.invite.sentBy.name} at {confirming.invite.sentBy.teamName} will see that you
              declined <b>{confirming.invite.quizName}</b>. This cannot be undone.
            </Text>
          ) : (
            ''
          )
        }
        confirmLabel="Decline"
        cancelLabel="Keep it"
        danger
        busy={decline.isPending}
        onConfirm={confirm}
        onCancel={closeConfirm}
      />
      <ConfirmDialog
        opened={confirmOpen && confirming?.action === 'cancel'}
        title="Cancel this invitation?"
        message={
          confirming ? (
            <Text size="sm">
              {confirming.invite.emailAddress} will no longer be able to accept{' '}
              <b>{confirming.invite.quizName}</b>. This cannot be undone.
            </Text>
          ) : (
            ''
          )
        }
        confirmLabel="Cancel invitation"
        cancelLabel="Keep it"
        danger
        busy={cancel.isPending}
        onConfirm={confirm}
        onCancel={closeConfirm}
      />
      <QuizAnswersDrawer
        opened={viewOpen}
        invite={viewing}
        exporting={exporter.isPending}
        onExport={runExport}
        onClose={() => setViewOpen(false)}
      />
    </Stack>
  );
}
