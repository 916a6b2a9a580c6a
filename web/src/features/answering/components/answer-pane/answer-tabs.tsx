import {
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type AnswerSuggestion, LIBRARY_MESSAGES, SEARCH_QUERY_MAX } from '@shared/schemas/answer';
import type { Classification } from '@shared/schemas/question';
import {
  IconBolt,
  IconBook2,
  IconBooks,
  IconEyeOff,
  IconFlag,
  IconSearch,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { relativeTime } from '@/lib/dates';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFavouriteAnswers } from '../../api/list-favourite-answers';
import { useQuestionTerms } from '../../api/list-question-terms';
import { useSuggestions } from '../../api/list-suggestions';
import { useSearchAnswers } from '../../api/search-answers';
import { useUpdateLibraryAnswer } from '../../api/update-library-answer';
import { DocumentsTab } from './documents-tab';

export interface UsedAnswer {
  answerId: string;
  answer: string;
  responseClassification?: Classification;
}

const ERRORS = {
  suggestions: 'There was a problem fetching suggestions',
  search: 'There was a problem searching for answers',
  favourites: 'There was a problem fetching your Favourite Answers',
  change: 'There was a problem changing that answer',
  // The spec's wording for a failed terms fetch is the search one.
  terms: 'There was a problem searching for answers',
  flag: 'There was a problem flagging that answer',
} as const;

type FlagReason = 'INCORRECT' | 'OUTDATED' | 'OTHER';

/** One library answer offered for the question: who and when, its markers, where it was used, actions. */
function SuggestionCard({
  suggestion,
  hidden,
  actions,
  canAnswer,
  authorName,
  onUse,
  onHide,
  onUndoHide,
  onFlag,
}: {
  suggestion: AnswerSuggestion;
  hidden: boolean;
  actions: boolean;
  canAnswer: boolean;
  authorName: string;
  onUse: () => void;
  onHide: () => void;
  onUndoHide: () => void;
  onFlag: (reason: FlagReason, text?: string) => void;
}) {
  const [usedOpen, setUsedOpen] = useState(false);
  const [other, setOther] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const flagged = suggestion.answerStatus === 'FLAGGED';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={suggestion.originalQuestion}
      style={{ opacity: hidden ? 0.6 : 1 }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text size="xs" c="dimmed" lineClamp={2}>
            {suggestion.originalQuestion}
          </Text>
          <Group gap={4} wrap="nowrap">
            {suggestion.isFavourite ? (
              <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" aria-label="Favourite" />
            ) : null}
            {suggestion.frequentlyUsed ? (
              <Badge size="xs" variant="light" color="teal" leftSection={<IconBolt size={10} />}>
                Frequently used
              </Badge>
            ) : null}
            {flagged ? (
              <Tooltip label={suggestion.flaggedReason ?? 'Flagged for review'} withArrow>
                <Badge size="xs" variant="light" color="yellow" leftSection={<IconFlag size={10} />}>
                  Needs Review
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={8}>
          {suggestion.answer}
        </Text>
        {flagged && suggestion.flaggedReason ? (
          <Text size="xs" c="yellow.8">
            Flagged: {suggestion.flaggedReason}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {authorName} · {relativeTime(suggestion.createdAt)}
          {suggestion.questions.length ? (
            <>
              {' · '}
              <Text
                span
                size="xs"
                c="indigo.7"
                style={{ cursor: 'pointer' }}
                onClick={() => setUsedOpen((o) => !o)}
              >
                Used for {suggestion.questions.length}{' '}
                {suggestion.questions.length === 1 ? 'question' : 'questions'}
              </Text>
            </>
          ) : null}
        </Text>
        <Collapse expanded={usedOpen}>
          <Stack gap={2} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
            {suggestion.questions.map((q) => (
              <Text key={q.question} size="xs" c="dimmed">
                {q.question}
              </Text>
            ))}
          </Stack>
        </Collapse>
        {actions ? (
          <Group gap="xs" justify="flex-end">
            {hidden ? (
              <Button size="compact-xs" variant="subtle" onClick={onUndoHide}>
                Undo hide
              </Button>
            ) : (
              <>
                <Tooltip label="Hide this answer from suggestions (archives it)" withArrow>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    leftSection={<IconEyeOff size={12} />}
                    onClick={onHide}
                  >
                    Hide
                  </Button>
                </Tooltip>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="gray"
                      leftSection={<IconFlag size={12} />}
                      disabled={flagged}
                    >
                      Flag
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => onFlag('INCORRECT')}>Incorrect information</Menu.Item>
                    <Menu.Item onClick={() => onFlag('OUTDATED')}>Outdated information</Menu.Item>
                    <Menu.Item onClick={() => setOther('')}>Other…</Menu.Item>
                  </Menu.Dropdown>
                </Menu>
                <Button size="compact-sm" onClick={onUse} disabled={!canAnswer}>
                  Use this answer
                </Button>
              </>
            )}
          </Group>
        ) : null}
        {other !== null ? (
          <Stack gap={6}>
            <Textarea
              size="xs"
              autosize
              minRows={2}
              maxLength={1000}
              label="What is wrong with it?"
              value={other}
              onChange={(e) => setOther(e.currentTarget.value)}
              error={tried && !other.trim() ? LIBRARY_MESSAGES.flagOther : undefined}
            />
            <Group gap="xs" justify="flex-end">
              <Button size="compact-xs" variant="default" onClick={() => setOther(null)}>
                Cancel
              </Button>
              <Button
                size="compact-xs"
                color="yellow"
                onClick={() => {
                  setTried(true);
                  if (!other.trim()) return;
                  onFlag('OTHER', other.trim());
                  setOther(null);
                }}
              >
                Flag for Review
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Empty({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="lg" px="md">
      <ThemeIcon variant="light" radius="xl" size="xl" color="indigo">
        {icon}
      </ThemeIcon>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed" ta="center" maw={420}>
        {children}
      </Text>
    </Stack>
  );
}

/** A tab's list as its query stands: the error, a loader, the empty state, or the items. */
function Loaded<T>({
  query,
  error,
  empty,
  children,
}: {
  query: { isError: boolean; isPending: boolean; data?: T[] };
  error: string;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isError)
    return (
      <Text size="sm" c="red">
        {error}
      </Text>
    );
  if (query.isPending || !query.data)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  return query.data.length === 0 ? empty : children(query.data);
}

/**
 * The five tabs under the editor (spec 002 §2.1): Suggested Answers, Search Answers (250
 * characters, 500 ms, an empty query clears), Favourite Answers, Explore Questions (the team's
 * glossary, the question's own terms first) and Documents (the question's attachments, see
 * documents-tab.tsx).
 * Using an answer fills the editor (text and classification) for the user to save; hide, undo hide
 * and flag act on the library answer and are hidden once the project is complete.
 */
export function AnswerTabs({
  projectId,
  questionId,
  completed,
  canAnswer,
  authorNames,
  onUse,
}: {
  projectId: string;
  questionId: string;
  completed: boolean;
  canAnswer: boolean;
  authorNames: Map<string, string>;
  onUse: (answer: UsedAnswer) => void;
}) {
  const [tab, setTab] = useState<string>('suggested');
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 500);
  const [hidden, setHidden] = useState<Map<string, AnswerSuggestion>>(new Map());
  const suggestions = useSuggestions(projectId, questionId, tab === 'suggested');
  const search = useSearchAnswers(projectId, questionId, tab === 'search' ? debounced : '');
  const favourites = useFavouriteAnswers(tab === 'favourites');
  const terms = useQuestionTerms(projectId, questionId, tab === 'explore');
  const change = useUpdateLibraryAnswer();
  const actions = !completed && canAnswer;

  const hide = async (s: AnswerSuggestion) => {
    try {
      await change.mutateAsync({ answerId: s.answerId, body: { answerStatus: 'ARCHIVED' } });
      setHidden((h) => new Map(h).set(s.answerId, s));
    } catch {
      notifyError(ERRORS.change);
    }
  };
  const undoHide = async (s: AnswerSuggestion) => {
    try {
      await change.mutateAsync({ answerId: s.answerId, body: { answerStatus: 'IN-USE' } });
      setHidden((h) => {
        const next = new Map(h);
        next.delete(s.answerId);
        return next;
      });
    } catch {
      notifyError(ERRORS.change);
    }
  };
  const flag = async (s: AnswerSuggestion, reason: FlagReason, text?: string) => {
    try {
      await change.mutateAsync({
        answerId: s.answerId,
        body: { answerStatus: 'FLAGGED', flaggedReason: reason, ...(text ? { flaggedText: text } : {}) },
      });
      notifySuccess('Flagged for review');
    } catch {
      notifyError(ERRORS.flag);
    }
  };

  const list = (items: AnswerSuggestion[]) => {
    const shown = [
      ...items,
      ...[...hidden.values()].filter((h) => !items.some((i) => i.answerId === h.answerId)),
    ];
    return (
      <Stack gap="sm">
        {shown.map((s) => (
          <SuggestionCard
            key={s.answerId}
            suggestion={s}
            hidden={hidden.has(s.answerId)}
            actions={actions}
            canAnswer={canAnswer}
            authorName={authorNames.get(s.createdByUserId) ?? 'A colleague'}
            onUse={() =>
              onUse({
                answerId: s.answerId,
                answer: s.answer,
                ...(s.responseClassification ? { responseClassification: s.responseClassification } : {}),
              })
            }
            onHide={() => void hide(s)}
            onUndoHide={() => void undoHide(s)}
            onFlag={(reason, text) => void flag(s, reason, text)}
          />
        ))}
      </Stack>
    );
  };

  return (
    <Box>
      <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
        {/* The five tabs wrap onto a second line when the pane is narrow (a phone, or the
            collaboration panel open beside it), so none is ever out of sight (issue 29). */}
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          <Tabs.Tab value="suggested">Suggested Answers</Tabs.Tab>
          <Tabs.Tab value="search">Search Answers</Tabs.Tab>
          <Tabs.Tab value="favourites">Favourite Answers</Tabs.Tab>
          <Tabs.Tab value="explore">Explore Questions</Tabs.Tab>
          <Tabs.Tab value="documents">Documents</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="suggested" pt="sm">
          <Loaded
            query={suggestions}
            error={ERRORS.suggestions}
            empty={
              hidden.size ? (
                list([])
              ) : (
                <Empty icon={<IconBooks size={20} />} title="Suggested Answers">
                  Nothing in your Answer Library matches this question yet. Import answers into the library
                  and the best ones are suggested here.
                </Empty>
              )
            }
          >
            {list}
          </Loaded>
        </Tabs.Panel>
        <Tabs.Panel value="search" pt="sm">
          <Stack gap="sm">
            <TextInput
              aria-label="Search answers"
              placeholder="Search your Answer Library"
              leftSection={<IconSearch size={16} />}
              maxLength={SEARCH_QUERY_MAX}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
            />
            {!debounced.trim() ? (
              <Empty icon={<IconSearch size={20} />} title="Light-speed search">
                Search every approved answer of your team by the words it uses.
              </Empty>
            ) : (
              <Loaded
                query={search}
                error={ERRORS.search}
                empty={
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    No answers match “{debounced.trim()}”.
                  </Text>
                }
              >
                {list}
              </Loaded>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="favourites" pt="sm">
          <Loaded
            query={favourites}
            error={ERRORS.favourites}
            empty={
              <Empty icon={<IconStar size={20} />} title="Your favourites answers">
                Star answers in the Answer Library and they wait for you here.
              </Empty>
            }
          >
            {(answers) =>
              list(
                answers
                  .filter((a) => a.answerStatus !== 'ARCHIVED')
                  .map((a) => ({
                    answerId: a.answerId,
                    answer: a.answer,
                    originalQuestion: a.originalQuestion,
                    ...(a.responseClassification ? { responseClassification: a.responseClassification } : {}),
                    createdByUserId: a.createdByUserId,
                    createdAt: a.createdAt,
                    answerStatus: a.answerStatus,
                    ...(a.flaggedReason ? { flaggedReason: a.flaggedReason } : {}),
                    frequentlyUsed: false,
                    isFavourite: true,
                    questions: [],
                    score: 0,
                  })),
              )
            }
          </Loaded>
        </Tabs.Panel>
        <Tabs.Panel value="explore" pt="sm">
          <Loaded
            query={terms}
            error={ERRORS.terms}
            empty={
              <Empty icon={<IconBook2 size={20} />} title="Explore Questions">
                Your team's glossary is empty. Add the terms your answers rely on in the Answer Library.
              </Empty>
            }
          >
            {(items) => (
              <Stack gap="xs" component="dl" m={0}>
                {items.map((t) => (
                  <Paper
                    key={t.termId}
                    withBorder
                    radius="md"
                    p="sm"
                    bg={t.inQuestion ? 'indigo.0' : undefined}
                  >
                    <Group gap="xs">
                      <Text component="dt" fw={650} size="sm">
                        {t.term}
                      </Text>
                      {t.inQuestion ? (
                        <Badge size="xs" variant="light">
                          In this question
                        </Badge>
                      ) : null}
                    </Group>
                    <Text component="dd" m={0} size="sm" c="gray.7" style={{ whiteSpace: 'pre-wrap' }}>
                      {t.definition}
                    </Text>
                    {t.links.map((link) => (
                      <Anchor
                        key={link}
                        href={link}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="xs"
                        display="block"
                      >
                        {link}
                      </Anchor>
                    ))}
                  </Paper>
                ))}
              </Stack>
            )}
          </Loaded>
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="sm">
          <DocumentsTab projectId={projectId} questionId={questionId} canChange={actions} />
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
