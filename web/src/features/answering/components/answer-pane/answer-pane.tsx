import { Box, Button, Center, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Project } from '@shared/schemas/project';
import type { HistoryEntry, Question } from '@shared/schemas/question';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useErrorToast } from '@/hooks/use-error-toast';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifyInfo } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';
import { useCompleteQuestion } from '../../api/complete-question';
import { forgetQuestion, useDeleteQuestion } from '../../api/delete-question';
import { type ProjectMember, useAnsweringTeam } from '../../api/get-project-team';
import { isQuestionGone, questionQueryKey, useQuestion } from '../../api/get-question';
import { useMarkNotAQuestion } from '../../api/mark-not-a-question';
import { useRestoreAnswer } from '../../api/restore-answer';
import { useUnassignQuestion } from '../../api/unassign-question';
import { useUpdateQuestion } from '../../api/update-question';
import { useAnswerEditor } from '../../hooks/use-answer-editor';
import { useIncomingChanges } from '../../hooks/use-incoming-changes';
import {
  UNSAVED_CHANGES_MESSAGE,
  useUnsavedChanges,
  useUnsavedChangesBlocker,
} from '../../hooks/use-unsaved-changes';
import { isPrivate, isThirdParty, nextIncomplete, saveLabel } from '../../utils/answer-editor';
import { useHasDiscussion } from '../collaboration/use-has-discussion';
import { AnswerEditorCard } from './answer-editor-card';
import { AnswerTabs, type UsedAnswer } from './answer-tabs';
import { COPIED, copyText } from './clipboard';
import { EvidenceExpiredAlert } from './evidence-expired-alert';
import { HistoryDrawer } from './history-drawer';
import { LibraryDraftBanner } from './library-draft-banner';
import { MESSAGES } from './messages';
import { PaneHeader } from './pane-header';
import { QuestionDetails } from './question-details';
import { QuestionUpdatedDialog } from './question-updated-dialog';
import { RewordedAlert } from './reworded-alert';

/** The collaboration panel's toggle, held by the page (the panel sits beside this pane). */
export interface CollaborationToggle {
  open: boolean;
  toggle: () => void;
}

export interface AnswerPaneProps {
  project: Project;
  /** The list as shown (filtered and searched), in order: the pager and Save & Next follow it. */
  questions: Question[];
  questionId: string;
  onNavigate: (questionId: string) => void;
  /** After Delete or Not a Question: the page moves to the next question, or the previous. */
  onRemoved: (questionId: string) => void;
  collaboration: CollaborationToggle;
}

/** The pane's frame: the header on top, the answering section scrolling under it. */
function Frame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label="Answering"
      h="100%"
      mih={0}
      style={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 }}
    >
      {header}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <Stack gap="lg" p={{ base: 'sm', sm: 'lg' }} maw={960} mx="auto">
          {children}
        </Stack>
      </Box>
    </Box>
  );
}

/**
 * The right side of question answering (spec 002 §2.1): assignee, pager, Collaboration, More, the
 * question with its information and tags, the answer editor and the five tabs. Live changes by
 * someone else arrive through the question query (QUESTION_UPDATED refetches it).
 */
export function AnswerPane(props: AnswerPaneProps) {
  const { project, questionId } = props;
  const query = useQuestion(project.projectId, questionId);
  const team = useAnsweringTeam(project.projectId);
  const permissions = usePermissions();
  const hasDiscussion = useHasDiscussion(project.projectId, questionId);
  const blocker = useUnsavedChangesBlocker();
  const gone = isQuestionGone(query.error);
  useErrorToast(query.isError && !gone, query.errorUpdatedAt, MESSAGES.fetchQuestion);

  const common = {
    team: team.data ?? [],
    canAnswer: permissions.data?.ANSWER_QUESTION === true,
    canCreate: permissions.data?.CREATE_QUESTION === true,
    hasDiscussion,
  };

  const unsavedPrompt = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Unsaved changes"
      message={UNSAVED_CHANGES_MESSAGE}
      confirmLabel="Continue"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );

  if (query.data && !gone) {
    return (
      <>
        <Workspace key={questionId} {...props} {...common} server={query.data} />
        {unsavedPrompt}
      </>
    );
  }

  const header = (
    <PaneHeader
      projectId={project.projectId}
      questionId={questionId}
      questions={props.questions}
      onNavigate={props.onNavigate}
      collaboration={props.collaboration}
      busy={false}
      {...common}
      onAssign={() => {}}
      onMarkCompleted={() => {}}
      onClearResponse={() => {}}
      onDelete={() => {}}
      onNotAQuestion={() => {}}
      onHistory={() => {}}
    />
  );
  return (
    <>
      <Frame header={header}>
        {gone || query.isError ? (
          <Center py={80}>
            <Stack align="center" gap="sm" maw={360}>
              <ThemeIcon variant="light" color="gray" size={48} radius="xl">
                {gone ? <IconFileOff size={24} /> : <IconAlertTriangle size={24} />}
              </ThemeIcon>
              <Text fw={600} ta="center">
                {gone ? MESSAGES.gone : MESSAGES.fetchQuestion}
              </Text>
              {gone ? (
                <Text size="sm" c="dimmed" ta="center">
                  It was deleted or marked as not a question. Pick another question from the list.
                </Text>
              ) : (
                <Button variant="default" size="xs" onClick={() => query.refetch()}>
                  Try again
                </Button>
              )}
            </Stack>
          </Center>
        ) : (
          <Stack gap="md" aria-busy>
            <Skeleton h={14} w={160} />
            <Skeleton h={22} w="85%" />
            <Skeleton h={64} />
            <Skeleton h={220} radius="md" />
            <Skeleton h={36} />
          </Stack>
        )}
      </Frame>
      {unsavedPrompt}
    </>
  );
}

type Confirming = 'delete' | 'not-a-question' | { restore: HistoryEntry } | null;

function Workspace(
  props: AnswerPaneProps & {
    server: Question;
    team: ProjectMember[];
    canAnswer: boolean;
    canCreate: boolean;
    hasDiscussion: boolean;
  },
) {
  const { project, questions, questionId, onNavigate, onRemoved, server, team, canAnswer } = props;
  const { projectId } = project;
  const queryClient = useQueryClient();
  const editor = useAnswerEditor(server, project);
  const incoming = useIncomingChanges({
    server,
    base: editor.base,
    draft: editor.draft,
    onApply: editor.apply,
    onRebase: editor.rebase,
  });
  const markClean = useUnsavedChanges(editor.changed);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const update = useUpdateQuestion();
  const unassign = useUnassignQuestion();
  const complete = useCompleteQuestion();
  const remove = useDeleteQuestion();
  const notAQuestion = useMarkNotAQuestion();
  const restore = useRestoreAnswer();
  const ref = { projectId, questionId };
  const label = saveLabel(project, questions, questionId);

  /** A 409: someone saved first. Fetch their version; the Question Updated flow takes it from there. */
  const onStale = () => {
    notifyInfo(MESSAGES.stale);
    return queryClient.invalidateQueries({ queryKey: questionQueryKey(projectId, questionId), exact: true });
  };
  const isStale = (error: unknown) => isApiError(error) && error.status === 409;

  /** The library answer the draft started from, credited with its use by the next save. */
  const usedAnswer = useRef<UsedAnswer | null>(null);
  const useLibraryAnswer = (used: UsedAnswer) => {
    editor.edit({
      answer: used.answer,
      ...(used.responseClassification ? { responseClassification: used.responseClassification } : {}),
    });
    usedAnswer.current = used;
  };
  const authorNames = useMemo(() => new Map(team.map((m) => [m.userId, m.member.fullName])), [team]);

  const save = () => {
    const values = editor.draft;
    const used = usedAnswer.current;
    update.mutate(
      {
        ...ref,
        ...values,
        ...(used ? { libraryAnswerId: used.answerId } : {}),
        version: editor.base.version,
      },
      {
        onSuccess: (saved) => {
          usedAnswer.current = null;
          editor.apply(saved);
          markClean();
          if (isThirdParty(project)) {
            void copyText(saved.answer, COPIED.answer);
            return;
          }
          const next = nextIncomplete(questions, questionId);
          if (next) onNavigate(next);
        },
        onError: (error) => (isStale(error) ? void onStale() : notifyError(MESSAGES.save)),
      },
    );
  };

  const assign = (userId: string | null) => {
    const onError = () => {
      notifyError(MESSAGES.assignee);
      void queryClient.invalidateQueries({ queryKey: questionQueryKey(projectId, questionId), exact: true });
    };
    if (userId) update.mutate({ ...ref, assignedToUserId: userId, version: server.version }, { onError });
    else unassign.mutate(ref, { onError });
  };

  const clearResponse = () =>
    update.mutate(
      {
        ...ref,
        answer: '',
        responseClassification: 'INCOMPLETE',
        includeInLibrary: false,
        responseStatus: 'INCOMPLETE',
        version: editor.base.version,
      },
      {
        onSuccess: (cleared) => {
          editor.apply(cleared);
          markClean();
        },
        onError: (error) => (isStale(error) ? void onStale() : notifyError(MESSAGES.save)),
      },
    );

  const rewordingReviewed = () =>
    update.mutate(
      { ...ref, rewordingReviewed: true, version: server.version },
      { onError: (error) => (isStale(error) ? void onStale() : notifyError(MESSAGES.save)) },
    );

  const markCompleted = () => complete.mutate(ref, { onError: () => notifyError(MESSAGES.complete) });

  const removeQuestion = (kind: 'delete' | 'not-a-question') => {
    const mutation = kind === 'delete' ? remove : notAQuestion;
    mutation.mutate(ref, {
      onSuccess: () => {
        setConfirming(null);
        markClean();
        onRemoved(questionId);
        forgetQuestion(queryClient, ref);
      },
      onError: () => {
        setConfirming(null);
        notifyError(kind === 'delete' ? MESSAGES.delete : MESSAGES.notAQuestion);
      },
    });
  };

  const restoreEntry = (entry: HistoryEntry) =>
    restore.mutate(
      { ...ref, activityId: entry.activityId, version: editor.base.version },
      {
        onSuccess: (restored) => {
          setConfirming(null);
          editor.apply(restored);
          markClean();
        },
        onError: (error) => {
          setConfirming(null);
          if (isStale(error)) void onStale();
          else notifyError(MESSAGES.restore);
        },
      },
    );

  const savedBy = incoming.pending?.updatedByUserId
    ? team.find((m) => m.userId === incoming.pending?.updatedByUserId)?.member.fullName
    : undefined;

  const header = (
    <PaneHeader
      projectId={projectId}
      questionId={questionId}
      questions={questions}
      onNavigate={onNavigate}
      question={server}
      team={team}
      canAnswer={canAnswer}
      canCreate={props.canCreate}
      busy={(update.isPending && update.variables?.assignedToUserId !== undefined) || unassign.isPending}
      hasDiscussion={props.hasDiscussion}
      collaboration={props.collaboration}
      onAssign={assign}
      onMarkCompleted={markCompleted}
      onClearResponse={clearResponse}
      onDelete={() => setConfirming('delete')}
      onNotAQuestion={() => setConfirming('not-a-question')}
      onHistory={() => setHistoryOpen(true)}
    />
  );

  const restoring = typeof confirming === 'object' && confirming ? confirming.restore : null;
  const saving = update.isPending && update.variables?.assignedToUserId === undefined;

  return (
    <Frame header={header}>
      <QuestionDetails question={server} />
      <LibraryDraftBanner question={server} canAnswer={canAnswer} />
      <EvidenceExpiredAlert question={server} />
      <RewordedAlert
        question={server}
        canAnswer={canAnswer}
        busy={update.isPending && update.variables?.rewordingReviewed === true}
        onReviewed={rewordingReviewed}
      />
      <AnswerEditorCard
        editor={editor}
        privateProject={isPrivate(project)}
        canAnswer={canAnswer}
        saveLabel={label}
        saving={saving}
        onSave={save}
        onHistory={() => setHistoryOpen(true)}
      />
      <AnswerTabs
        key={questionId}
        projectId={projectId}
        questionId={questionId}
        completed={project.projectStatus === 'COMPLETE'}
        canAnswer={canAnswer}
        authorNames={authorNames}
        onUse={useLibraryAnswer}
      />

      <QuestionUpdatedDialog
        opened={incoming.pending !== null}
        savedBy={savedBy}
        fields={incoming.fields}
        onAccept={incoming.accept}
        onIgnore={incoming.ignore}
      />
      <HistoryDrawer
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        projectId={projectId}
        questionId={questionId}
        currentVersion={server.version}
        team={team}
        canRestore={canAnswer}
        restoringId={restore.isPending ? (restore.variables?.activityId ?? null) : null}
        onRestore={(entry) => (editor.changed ? setConfirming({ restore: entry }) : restoreEntry(entry))}
      />
      <ConfirmDialog
        opened={confirming === 'delete' || confirming === 'not-a-question'}
        title={confirming === 'delete' ? 'Delete this question?' : 'Not a question?'}
        message={
          confirming === 'delete'
            ? 'The question and its answer are removed from the project.'
            : 'The row is taken out of the question list and out of exports.'
        }
        confirmLabel={confirming === 'delete' ? 'Delete' : 'Not a Question'}
        danger
        busy={remove.isPending || notAQuestion.isPending}
        onConfirm={() => removeQuestion(confirming === 'delete' ? 'delete' : 'not-a-question')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={restoring !== null}
        title="Unsaved changes"
        message={UNSAVED_CHANGES_MESSAGE}
        confirmLabel="Continue"
        busy={restore.isPending}
        onConfirm={() => restoring && restoreEntry(restoring)}
        onCancel={() => setConfirming(null)}
      />
    </Frame>
  );
}
