import { Button, Center, Drawer, EmptyState, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFolderOff, IconListSearch, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAnsweringProject } from '@/features/answering/api/get-project';
import { useAnsweringTeam } from '@/features/answering/api/get-project-team';
import { removeQuestionFromList, useQuestionList } from '@/features/answering/api/list-questions';
import { AnswerPane } from '@/features/answering/components/answer-pane/answer-pane';
import { CollaborationPanel } from '@/features/answering/components/collaboration/collaboration-panel';
import { AddQuestionDialog } from '@/features/answering/components/question-list/add-question-dialog';
import {
  FETCH_LIST_ERROR,
  FETCH_PROJECT_ERROR,
  FETCH_TEAM_ERROR,
  NO_QUESTIONS,
  PROJECT_NOT_FOUND,
  pageTitle,
} from '@/features/answering/components/question-list/messages';
import { QuestionListPanel } from '@/features/answering/components/question-list/question-list-panel';
import {
  completionLabel,
  FILTER_KEYS,
  type FilterKey,
  filterQuestions,
  parseFilterParams,
  withFilterParams,
} from '@/features/answering/utils/question-filters';
import { useErrorToast } from '@/hooks/use-error-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { usePermissions } from '@/lib/permissions';
import { useLiveScope } from '@/lib/realtime-connection';
import classes from './question-answering.module.css';

export const START = 'start';
const dashboardPath = (projectId: string) => `/Projects/${encodeURIComponent(projectId)}`;
const questionPath = (projectId: string, questionId: string) =>
  `${dashboardPath(projectId)}/${encodeURIComponent(questionId)}`;

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
          <Button component={Link} to="/Projects">
            Back to Projects
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}

/**
 * /Projects/:projectId/:questionId (and /start) — question answering (spec 002 §2.1): the 356 px
 * question list, the answer pane and, when open, the 420 px collaboration panel (on a phone, a
 * full-screen sheet over the question, where the user is: issue 29). `start` opens the
 * first question of the list (filtered by the query string, if it names filters); the filters live
 * in the query string (?status=KEY,KEY), so they survive moving between questions and reloads.
 * The project's live events refresh the screen while it is open.
 */
export default function QuestionAnsweringRoute() {
  const { projectId = '', questionId = START } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const project = useAnsweringProject(projectId);
  const team = useAnsweringTeam(projectId);
  const list = useQuestionList(projectId);
  const userId = useCurrentUser().data?.userId;
  const permissions = usePermissions().data ?? {};
  useLiveScope(projectId ? { kind: 'project', id: projectId } : null);

  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  // The filters show at once (the menu's checkboxes are controlled) and follow into the URL, which
  // the router updates in a transition; a new URL (a tile's link, back/forward) sets them again.
  const urlFilters = useMemo(() => parseFilterParams(searchParams), [searchParams]);
  const urlKey = urlFilters.join(',');
  const [filters, setFilterState] = useState(urlFilters);
  useEffect(() => setFilterState(urlFilters), [urlKey]);
  const setFilters = useCallback(
    (keys: FilterKey[]) => {
      setFilterState(FILTER_KEYS.filter((key) => keys.includes(key)));
      setSearchParams((current) => withFilterParams(current, keys), { replace: true });
    },
    [setSearchParams],
  );
  const shown = useMemo(
    () => filterQuestions(list.questions, { search: deferredSearch, keys: filters, userId }),
    [list.questions, deferredSearch, filters, userId],
  );
  const [collaborationOpen, setCollaborationOpen] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [adding, setAdding] = useState(false);

  const notFound = isApiError(project.error) && project.error.status === 404;
  useErrorToast(project.isError && !notFound, project.errorUpdatedAt, FETCH_PROJECT_ERROR);
  const listMissing = isApiError(list.error) && list.error.status === 404;
  useErrorToast(list.isError && !listMissing, list.errorUpdatedAt, FETCH_LIST_ERROR);
  const teamMissing = isApiError(team.error) && team.error.status === 404;
  useErrorToast(team.isError && !teamMissing, team.errorUpdatedAt, FETCH_TEAM_ERROR);
  usePageTitle(project.data ? pageTitle(project.data.name) : undefined);

  const search_ = location.search;
  const pathFor = useCallback(
    (id: string) => `${questionPath(projectId, id)}${search_}`,
    [projectId, search_],
  );
  const open = useCallback(
    (id: string, replace = false) => navigate(pathFor(id), { replace }),
    [navigate, pathFor],
  );

  // 'start' opens the first question the filters keep (or the first of all when none does),
  // as soon as it has arrived: the first page is enough when it holds a match.
  const first = shown[0] ?? (list.loadingMore ? undefined : list.questions[0]);
  useEffect(() => {
    if (questionId === START && first) open(first.questionId, true);
  }, [questionId, first, open]);

  const onRemoved = useCallback(
    (removedId: string) => {
      const index = shown.findIndex((q) => q.questionId === removedId);
      const next = index >= 0 ? (shown[index + 1] ?? shown[index - 1]) : undefined;
      removeQuestionFromList(queryClient, projectId, removedId);
      navigate(next ? pathFor(next.questionId) : `${dashboardPath(projectId)}/${START}${search_}`, {
        replace: true,
      });
    },
    [shown, queryClient, projectId, navigate, pathFor, search_],
  );
  const collaboration = useMemo(
    () => ({ open: collaborationOpen, toggle: () => setCollaborationOpen((o) => !o) }),
    [collaborationOpen],
  );

  if (notFound || listMissing) return <NotFound />;

  const loaded = !list.isPending && !list.loadingMore;
  const canAdd = permissions.CREATE_QUESTION === true;
  const noQuestions = loaded && !list.isError && list.questions.length === 0;
  const onQuestion = questionId !== START;

  return (
    <div className={classes.page}>
      <QuestionListPanel
        project={project.data}
        dashboardPath={dashboardPath(projectId)}
        questions={list.questions}
        shown={shown}
        pending={list.isPending}
        loadingMore={list.loadingMore}
        completion={loaded && !list.isError ? completionLabel(list.questions) : undefined}
        activeId={onQuestion ? questionId : undefined}
        members={team.data ?? []}
        search={search}
        onSearch={setSearch}
        filters={filters}
        onFilters={setFilters}
        canAdd={canAdd}
        onAdd={() => setAdding(true)}
        pathFor={pathFor}
      />
      <main className={classes.main}>
        {onQuestion && project.data ? (
          <AnswerPane
            key={projectId}
            project={project.data}
            questions={shown}
            questionId={questionId}
            onNavigate={open}
            onRemoved={onRemoved}
            collaboration={collaboration}
          />
        ) : noQuestions ? (
          <Center h="100%" mih={360} p="lg">
            <EmptyState
              icon={<IconListSearch size={32} />}
              withIndicatorBackground
              title={NO_QUESTIONS}
              description={
                canAdd
                  ? 'Add the first question by hand, or import a questionnaire from the project dashboard.'
                  : 'Questions appear here once they are added to the project.'
              }
              data-testid="no-questions"
            >
              {canAdd ? (
                <EmptyState.Actions>
                  <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                    Add Question
                  </Button>
                </EmptyState.Actions>
              ) : null}
            </EmptyState>
          </Center>
        ) : (
          <Center h="100%" mih={360} role="status" aria-label="Loading the question">
            {list.isError || project.isError ? null : <Loader />}
          </Center>
        )}
      </main>
      {onQuestion && project.data && phone ? (
        <Drawer.Root
          opened={collaborationOpen}
          onClose={() => setCollaborationOpen(false)}
          position="right"
          size="100%"
        >
          <Drawer.Overlay />
          <Drawer.Content aria-label="Collaboration">
            <Drawer.Body className={classes.sheetBody}>
              <CollaborationPanel
                project={project.data}
                questionId={questionId}
                onClose={() => setCollaborationOpen(false)}
              />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      ) : onQuestion && collaborationOpen && project.data ? (
        <aside className={classes.collaboration} aria-label="Collaboration">
          <CollaborationPanel
            project={project.data}
            questionId={questionId}
            onClose={() => setCollaborationOpen(false)}
          />
        </aside>
      ) : null}
      {canAdd ? (
        <AddQuestionDialog
          projectId={projectId}
          opened={adding}
          onClose={() => setAdding(false)}
          onAdded={(id) => open(id)}
        />
      ) : null}
    </div>
  );
}
