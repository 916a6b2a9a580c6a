import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  QUIZ_DESCRIPTION_MAX,
  QUIZ_ITEMS_MAX,
  QUIZ_MESSAGES,
  QUIZ_NAME_MAX,
  type Quiz,
} from '@shared/schemas/quiz';
import { IconAlertCircle, IconCheck, IconLock, IconPlus, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageTitle } from '@/components/page-title';
import { useCreateQuiz } from '@/features/quiz/api/create-quiz';
import { useSaveQuiz } from '@/features/quiz/api/save-quiz';
import { TemplatesBackLink } from '@/features/quiz/components/templates-back-link';
import {
  UNSAVED_CHANGES_MESSAGE,
  useUnsavedChangesPrompt,
} from '@/features/quiz/hooks/use-unsaved-changes-prompt';
import { isStaleSave, plural, quizErrorMessage } from '@/features/quiz/utils/invites';
import {
  addQuestion,
  addSection,
  blankDraft,
  type DraftProblems,
  draftFromQuiz,
  hasProblems,
  itemCount,
  newItemId,
  type QuizDraft,
  questionCount,
  relabel,
  removeItem,
  sameDraft,
  sectionIdOf,
  showsSectionTabs,
  toQuizRequest,
  validateDraft,
} from '@/features/quiz/utils/sections';
import { notifyError } from '@/lib/notify';
import classes from './editor.module.css';
import { SectionsBoard } from './sections-board';

export interface QuizEditorProps {
  /** The saved quiz; null for a new one (/Quiz/New). */
  quiz: Quiz | null;
  readOnly: boolean;
  /** Reads the quiz again (after someone else saved it). */
  reload: () => Promise<Quiz | undefined>;
}

/** The editor's column: wide enough for long questions, narrow enough to read. */
const CONTENT_WIDTH = 992;

type Removing = { itemId: string; kind: 'section' | 'question'; questions: number } | null;

/**
 * The quiz editor (spec 002 §2.5, §5): Name and Description, then the sections, each a heading
 * followed by its questions, reordered by dragging; Add a new section, Add Question, remove (asked
 * first), Save Quiz and Discard Changes. Long quizzes show their sections as tabs. Saves carry the
 * version read: a save over someone else's is refused and the quiz can be read again.
 */
export function QuizEditor({ quiz, readOnly, reload }: QuizEditorProps) {
  const navigate = useNavigate();
  const [baseline, setBaseline] = useState<QuizDraft>(() => (quiz ? draftFromQuiz(quiz) : blankDraft()));
  const [draft, setDraft] = useState<QuizDraft>(baseline);
  const [version, setVersion] = useState(quiz?.version ?? 0);
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [activeSectionId, setActiveSectionId] = useState<string | null>(draft.sections[0]?.itemId ?? null);
  const nameInput = useRef<HTMLInputElement>(null);

  const create = useCreateQuiz();
  const save = useSaveQuiz();
  const saving = create.isPending || save.isPending;
  const dirty = !sameDraft(draft, baseline);
  const isNew = quiz === null;
  const { blocker, markClean } = useUnsavedChangesPrompt(dirty && !readOnly);

  // A new quiz starts at its name.
  useEffect(() => {
    if (isNew) nameInput.current?.focus();
  }, [isNew]);

  // Once Save was tried, the problems follow every edit (and clear as they are fixed).
  useEffect(() => {
    setProblems((shown) => (shown ? validateDraft(draft) : shown));
  }, [draft]);

  const tabbed = showsSectionTabs(draft.sections);
  const shownSectionId =
    activeSectionId && draft.sections.some((s) => s.itemId === activeSectionId)
      ? activeSectionId
      : (draft.sections[0]?.itemId ?? null);

  const updateSections = useCallback(
    (change: (sections: QuizDraft['sections']) => QuizDraft['sections']) =>
      setDraft((d) => ({ ...d, sections: change(d.sections) })),
    [],
  );
  const onLabel = useCallback(
    (itemId: string, label: string) => updateSections((s) => relabel(s, itemId, label)),
    [updateSections],
  );
  const onAddQuestion = useCallback(
    (sectionId: string) => {
      const id = newItemId();
      updateSections((s) => addQuestion(s, sectionId, () => id));
      setFocusId(id);
    },
    [updateSections],
  );
  const current = useRef(draft);
  useEffect(() => {
    current.current = draft;
  }, [draft]);
  const onRemove = useCallback((itemId: string) => {
    const section = current.current.sections.find((s) => s.itemId === itemId);
    setRemoving(
      section
        ? { itemId, kind: 'section', questions: section.questions.length }
        : { itemId, kind: 'question', questions: 0 },
    );
  }, []);
  const onAddSection = () => {
    const id = newItemId();
    updateSections((s) => addSection(s, () => id));
    setActiveSectionId(id);
    setFocusId(id);
  };

  const confirmRemove = () => {
    if (!removing) return;
    updateSections((s) => removeItem(s, removing.itemId));
    setRemoving(null);
  };

  const accept = (saved: Quiz, sent: QuizDraft) => {
    const next = draftFromQuiz(saved);
    setBaseline(next);
    setVersion(saved.version);
    // Edits typed while the save was on its way stay.
    setDraft((current) => (sameDraft(current, sent) ? next : current));
    setProblems(null);
  };

  const submit = () => {
    if (saving || readOnly) return;
    const found = validateDraft(draft);
    if (hasProblems(found)) {
      setProblems(found);
      if (found.name) nameInput.current?.focus();
      else if (found.firstItemId) {
        const sectionId = sectionIdOf(draft.sections, found.firstItemId);
        if (sectionId) setActiveSectionId(sectionId);
      }
      return;
    }
    const sent = draft;
    const body = toQuizRequest(sent);
    if (isNew) {
      create.mutate(body, {
        // No toast: it would cover Save Quiz; the bar beside it says 'All changes saved'.
        onSuccess: (created) => {
          markClean();
          navigate(`/Quiz/${created.quizId}/Edit`, { replace: true });
        },
        onError: (error) => notifyError(quizErrorMessage(error, QUIZ_MESSAGES.saveQuizError)),
      });
      return;
    }
    save.mutate(
      { quizId: quiz.quizId, body: { ...body, version } },
      {
        onSuccess: (saved) => {
          accept(saved, sent);
        },
        onError: (error) =>
          isStaleSave(error)
            ? setStale(true)
            : notifyError(quizErrorMessage(error, QUIZ_MESSAGES.saveQuizError)),
      },
    );
  };

  const discard = () => {
    setDraft(baseline);
    setProblems(null);
  };

  const reloadLatest = async () => {
    setReloading(true);
    try {
      const latest = await reload();
      if (latest) {
        const next = draftFromQuiz(latest);
        setBaseline(next);
        setDraft(next);
        setVersion(latest.version);
        setProblems(null);
      }
      setStale(false);
    } catch {
      notifyError(QUIZ_MESSAGES.fetchQuizError);
    } finally {
      setReloading(false);
    }
  };

  const counts = useMemo(
    () => ({
      sections: draft.sections.length,
      questions: questionCount(draft.sections),
      items: itemCount(draft.sections),
    }),
    [draft.sections],
  );
  const full = counts.items >= QUIZ_ITEMS_MAX;
  const removingLabel = removing?.kind === 'section' ? 'section' : 'question';

  return (
    <Box component="main">
      <Box className={classes.bar} px={{ base: 'md', sm: 'lg' }} py="sm">
        <Group justify="space-between" gap="sm" maw={CONTENT_WIDTH}>
          <Stack gap={2} miw={0}>
            <TemplatesBackLink />
            <PageTitle title={isNew ? 'New Quiz Template' : 'Edit Quiz'} />
          </Stack>
          {readOnly ? null : (
            <Group gap="xs" wrap="nowrap">
              {dirty ? (
                <Badge variant="dot" color="orange" size="md" tt="none" fw={500} visibleFrom="xs">
                  Unsaved changes
                </Badge>
              ) : !isNew ? (
                <Group gap={4} visibleFrom="xs">
                  <IconCheck size={14} color="var(--mantine-color-teal-6)" />
                  <Text size="xs" c="dimmed">
                    All changes saved
                  </Text>
                </Group>
              ) : null}
              <Button variant="default" onClick={discard} disabled={!dirty || saving}>
                Discard Changes
              </Button>
              <Button onClick={submit} loading={saving}>
                Save Quiz
              </Button>
            </Group>
          )}
        </Group>
      </Box>

      <Box px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg" maw={CONTENT_WIDTH}>
          {readOnly ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              You can read this quiz. Changing quizzes needs permission to create questions; ask a team
              administrator if you need it.
            </Alert>
          ) : null}
          {problems?.first ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              role="alert"
              title="Not saved yet"
            >
              {problems.first}
            </Alert>
          ) : null}

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput
                ref={nameInput}
                label="Name"
                placeholder="e.g. Vendor Security Assessment"
                withAsterisk
                maxLength={QUIZ_NAME_MAX}
                value={draft.quizName}
                onChange={(e) => {
                  const quizName = e.currentTarget.value;
                  setDraft((d) => ({ ...d, quizName }));
                }}
                error={problems?.name}
                readOnly={readOnly}
              />
              <Textarea
                label="Description"
                description="Recipients see this with the invitation: what the quiz is for and what you need back."
                placeholder="e.g. Our annual review of suppliers who handle customer data."
                autosize
                minRows={2}
                maxRows={8}
                maxLength={QUIZ_DESCRIPTION_MAX}
                value={draft.quizDescription}
                onChange={(e) => {
                  const quizDescription = e.currentTarget.value;
                  setDraft((d) => ({ ...d, quizDescription }));
                }}
                error={problems?.description}
                readOnly={readOnly}
              />
            </Stack>
          </Paper>

          <Group justify="space-between" align="flex-end" gap="xs">
            <Stack gap={0}>
              <Title order={2} fz="h4" fw={650}>
                Sections and questions
              </Title>
              <Text size="sm" c="dimmed">
                {plural(counts.sections, 'section')} · {plural(counts.questions, 'question')}
                {readOnly ? '' : ' · drag the grips to reorder'}
              </Text>
            </Stack>
            {!isNew && !dirty && !readOnly ? (
              <Button
                component={Link}
                to={`/Quiz/${quiz.quizId}/Invite`}
                variant="light"
                size="xs"
                leftSection={<IconSend size={14} />}
              >
                Send Quiz to someone
              </Button>
            ) : null}
          </Group>

          {problems?.quiz ? (
            <Text size="sm" c="red">
              {problems.quiz}
            </Text>
          ) : null}

          {draft.sections.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Text size="sm" c="dimmed" ta="center">
                This quiz has no sections yet. Add a section, then its questions.
              </Text>
            </Paper>
          ) : (
            <SectionsBoard
              sections={draft.sections}
              onChange={(sections) => setDraft((d) => ({ ...d, sections }))}
              tabbed={tabbed}
              activeSectionId={shownSectionId}
              onActiveSection={setActiveSectionId}
              errors={problems?.items ?? {}}
              readOnly={readOnly}
              focusId={focusId}
              onLabel={onLabel}
              onRemove={onRemove}
              onAddQuestion={onAddQuestion}
            />
          )}

          {readOnly ? null : (
            <Button
              className={classes.addSection}
              variant="subtle"
              color="indigo"
              leftSection={<IconPlus size={16} />}
              onClick={onAddSection}
              disabled={full}
              fullWidth
            >
              Add a new section
            </Button>
          )}
          {full && !readOnly ? (
            <Text size="xs" c="dimmed" ta="center">
              A quiz holds at most {QUIZ_ITEMS_MAX} sections and questions.
            </Text>
          ) : null}
        </Stack>
      </Box>

      <ConfirmDialog
        opened={removing !== null}
        title={`Remove this ${removingLabel}?`}
        message={
          removing?.kind === 'section' && removing.questions > 0
            ? `${QUIZ_MESSAGES.removeItem} Its ${plural(removing.questions, 'question')} will be removed too.`
            : QUIZ_MESSAGES.removeItem
        }
        confirmLabel="Remove"
        danger
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Unsaved changes"
        message={UNSAVED_CHANGES_MESSAGE}
        confirmLabel="Continue"
        cancelLabel="Stay here"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
      <ConfirmDialog
        opened={stale}
        title="Someone else changed this quiz"
        message="This quiz was saved by someone else after you opened it, so your changes were not saved. Reload to see the latest version (your changes here will be lost), or keep editing to copy what you need first."
        confirmLabel="Reload quiz"
        cancelLabel="Keep editing"
        busy={reloading}
        onConfirm={() => void reloadLatest()}
        onCancel={() => setStale(false)}
      />
    </Box>
  );
}
