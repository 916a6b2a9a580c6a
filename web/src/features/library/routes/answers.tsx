import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Answer, type Candidate, LIBRARY_LIMITS } from '@shared/schemas/answer';
import { IconBooks, IconFolderPlus, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { useBulkUpdateAnswers } from '@/features/library/api/bulk-update-answers';
import { useCreateCollection } from '@/features/library/api/create-collection';
import { useImportAnswers } from '@/features/library/api/import-answers';
import { useCandidates } from '@/features/library/api/list-candidates';
import { useCollections } from '@/features/library/api/list-collections';
import { useAuthors } from '@/features/library/api/list-team-members';
import { useLibraryPages } from '@/features/library/api/search-library';
import { useUpdateCandidates } from '@/features/library/api/update-candidates';
import { useUpdateCollection } from '@/features/library/api/update-collection';
import { AnswerFormModal, type AnswerFormValues } from '@/features/library/components/answer-form-modal';
import { AnswerInsightsModal } from '@/features/library/components/answer-insights-modal';
import { AnswerRow, type LibraryRowData } from '@/features/library/components/answer-row';
import { CandidateReviewModal } from '@/features/library/components/candidate-review-modal';
import { CollectionsNav } from '@/features/library/components/collections-nav';
import { GlossaryPanel } from '@/features/library/components/glossary-panel';
import classes from '@/features/library/components/library.module.css';
import { LibraryImporter } from '@/features/library/components/library-importer';
import { GapsLink } from '@/features/library/gaps/components/gaps-link';
import { HealthCounts } from '@/features/library/health/components/health-counts';
import { useReviewSummary } from '@/features/library/review/api/get-review-summary';
import { DueForReviewBadge } from '@/features/library/review/components/due-for-review-badge';
import {
  BULK_STATUS,
  type BulkAction,
  bulkActionsFor,
  bulkLabel,
  type CollectionKey,
  FIXED_COLLECTIONS,
  foundByAnswer,
  isTeamCollection,
  searchRequestOf,
} from '@/features/library/utils/collections';
import { isApiError } from '@/lib/api-client';
import { formatCalendarDate } from '@/lib/dates';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';

const ERRORS = {
  fetch: 'There was an error fetching answers',
  collections: 'There was an error fetching the list of collections',
  bulk: 'There was an error making those changes',
  import: 'There was an error importing your data',
} as const;

const fromAnswer = (a: Answer, due = false): LibraryRowData => ({
  id: a.answerId,
  question: a.originalQuestion,
  answer: a.answer,
  authorId: a.createdByUserId,
  date: a.createdAt,
  status: a.answerStatus,
  isFavourite: a.isFavourite,
  tags: a.tags,
  // In Due for review, when each is due.
  ...(due && a.nextReviewOn ? { context: `Review by ${formatCalendarDate(a.nextReviewOn)}` } : {}),
});
const fromCandidate = (c: Candidate): LibraryRowData => ({
  id: c.questionId,
  question: c.question,
  answer: c.answer,
  authorId: c.authorId,
  date: c.createdAt,
  context: c.projectName,
});

/**
 * /Answers, the Answer Library (spec 002 §2.2): the collections column, search (500 ms, 100
 * characters, terms highlighted), selection with the bulk bar each collection allows, Load More
 * Answers, Add Answer, Answer Insights, and Answer Review for candidates.
 */
export default function AnswersRoute() {
  const permissions = usePermissions();
  const canManage = permissions.data?.MANAGE_ANSWER_LIBRARY === true;
  const canAnswer = permissions.data?.ANSWER_QUESTION === true;
  const [params, setParams] = useSearchParams();
  // A due-for-review notification or e-mail opens /Answers?view=DUE_FOR_REVIEW.
  const [active, setActive] = useState<CollectionKey>(() =>
    params.get('view') === 'DUE_FOR_REVIEW' ? 'DUE_FOR_REVIEW' : 'AVAILABLE',
  );
  const reviewSummary = useReviewSummary();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 500);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  // Add Answer started from elsewhere (a question autofill left empty): /Answers?addQuestion=<question>.
  const addQuestion = params.get('addQuestion');
  const [addFrom, setAddFrom] = useState<AnswerFormValues | undefined>(undefined);
  useEffect(() => {
    if (addQuestion === null || !canManage) return;
    setAddFrom({ question: addQuestion, answer: '' });
    setAdding(true);
    setParams({}, { replace: true });
  }, [addQuestion, canManage, setParams]);
  const [importing, setImporting] = useState(false);
  const [openAnswer, setOpenAnswer] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<Candidate | null>(null);

  const authors = useAuthors();
  const collections = useCollections();
  const candidates = useCandidates(canManage);
  const isCandidates = active === 'CANDIDATES';
  const pages = useLibraryPages(searchRequestOf(active, term), !isCandidates && active !== 'GLOSSARY');
  const bulk = useBulkUpdateAnswers();
  const decide = useUpdateCandidates();
  const add = useImportAnswers();
  const createCollection = useCreateCollection();
  const updateCollection = useUpdateCollection();

  const words = term.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const rows: LibraryRowData[] = useMemo(() => {
    if (!isCandidates)
      return (pages.data?.pages ?? []).flatMap((p) =>
        p.items.map((a) => fromAnswer(a, active === 'DUE_FOR_REVIEW')),
      );
    return (candidates.data ?? [])
      .filter((c) => words.every((w) => `${c.question}\n${c.answer}`.toLowerCase().includes(w)))
      .map(fromCandidate);
  }, [isCandidates, pages.data, candidates.data, words, active]);
  const total = isCandidates ? rows.length : (pages.data?.pages[0]?.total ?? 0);
  const found = useMemo(() => foundByAnswer(pages.data?.pages ?? []), [pages.data]);
  const loading = isCandidates ? candidates.isPending : pages.isPending;
  const failed = isCandidates ? candidates.isError : pages.isError;
  const teamCollections = collections.data ?? [];
  const activeName = isTeamCollection(active)
    ? teamCollections.find((c) => `collection:${c.collectionId}` === active)?.collectionName
    : FIXED_COLLECTIONS.find((c) => c.key === active)?.label;

  const select = (key: CollectionKey) => {
    setActive(key);
    setSelected(new Set());
  };
  const selectedIds = rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  const allSelected = rows.length > 0 && selectedIds.length === rows.length;
  const canSelect = canManage;

  const runBulk = async (action: BulkAction) => {
    try {
      if (action === 'DISCARD' || action === 'ADD_TO_LIBRARY') {
        const result = await decide.mutateAsync({
          questionIds: selectedIds,
          newStatus: action === 'DISCARD' ? 'DISCARD' : 'CREATE',
        });
        notifySuccess(
          action === 'DISCARD' ? `${result.discarded} discarded` : `${result.created} added to the library`,
        );
      } else {
        const answerStatus = BULK_STATUS[action];
        if (!answerStatus) return;
        const result = await bulk.mutateAsync({ answerIds: selectedIds, answerStatus });
        notifySuccess(`${result.updated} ${result.updated === 1 ? 'answer' : 'answers'} changed`);
      }
      setSelected(new Set());
    } catch {
      notifyError(ERRORS.bulk);
    }
  };
  const moveToCollection = async (collectionId: string, remove: boolean) => {
    try {
      await updateCollection.mutateAsync({
        collectionId,
        body: remove ? { removeAnswerIds: selectedIds } : { addAnswerIds: selectedIds },
      });
      notifySuccess(remove ? 'Taken out of the collection' : 'Added to the collection');
      setSelected(new Set());
    } catch {
      notifyError(ERRORS.bulk);
    }
  };

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={1440}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <PageTitle title="Answer Library" />
          <Text size="sm" c="dimmed">
            Approved answers your team reuses on every questionnaire.
          </Text>
          <Group gap="sm">
            <HealthCounts />
            <DueForReviewBadge onOpen={() => select('DUE_FOR_REVIEW')} />
          </Group>
        </Stack>
        <Group gap="sm">
          <GapsLink />
          {canManage ? (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconUpload size={18} />}
                onClick={() => setImporting(true)}
              >
                Import
              </Button>
              <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
                Add
              </Button>
            </Group>
          ) : null}
        </Group>
      </Group>

      <div className={classes.layout}>
        <Paper withBorder radius="md" p="xs" className={classes.side}>
          <CollectionsNav
            active={active}
            onSelect={select}
            collections={teamCollections}
            candidateCount={canManage ? (candidates.data?.length ?? 0) : undefined}
            dueCount={reviewSummary.data?.due}
            canManage={canManage}
            creating={createCollection.isPending}
            onCreate={async (name) => {
              try {
                const created = await createCollection.mutateAsync(name);
                select(`collection:${created.collectionId}`);
                return true;
              } catch (error) {
                notifyError(isApiError(error) && error.status === 400 ? error.message : ERRORS.collections);
                return false;
              }
            }}
          />
          {collections.isError ? (
            <Text size="xs" c="red" px="sm" pt="xs">
              {ERRORS.collections}
            </Text>
          ) : null}
        </Paper>

        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          {active === 'GLOSSARY' ? (
            <GlossaryPanel canManage={canManage} />
          ) : (
            <>
              <Group className={classes.toolbar} gap="sm" wrap="wrap">
                {canSelect ? (
                  <Checkbox
                    aria-label="Select all"
                    checked={allSelected}
                    indeterminate={selectedIds.length > 0 && !allSelected}
                    disabled={rows.length === 0}
                    onChange={(e) =>
                      setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.id)) : new Set())
                    }
                  />
                ) : null}
                <TextInput
                  aria-label="Search your library"
                  placeholder="Search your library"
                  leftSection={<IconSearch size={16} />}
                  maxLength={LIBRARY_LIMITS.searchMax}
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  style={{ flex: '1 1 260px' }}
                />
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {activeName} · {total} {total === 1 ? 'answer' : 'answers'}
                </Text>
              </Group>
              {selectedIds.length > 0 ? (
                <Group px="md" py={8} gap="xs" bg="indigo.0" role="toolbar" aria-label="Bulk actions">
                  <Text size="sm" fw={600} mr="xs">
                    {selectedIds.length} selected
                  </Text>
                  {bulkActionsFor(active).map((action) => (
                    <Button
                      key={action}
                      size="xs"
                      variant={action === 'ADD_TO_LIBRARY' ? 'filled' : 'default'}
                      color={action === 'DISCARD' ? 'red' : undefined}
                      loading={bulk.isPending || decide.isPending}
                      onClick={() => void runBulk(action)}
                    >
                      {bulkLabel(action, selectedIds.length)}
                    </Button>
                  ))}
                  {!isCandidates && teamCollections.length > 0 ? (
                    isTeamCollection(active) ? (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void moveToCollection(active.slice('collection:'.length), true)}
                      >
                        Remove from {activeName}
                      </Button>
                    ) : (
                      <Menu position="bottom-start">
                        <Menu.Target>
                          <Button size="xs" variant="default" leftSection={<IconFolderPlus size={14} />}>
                            Add to collection
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {teamCollections.map((c) => (
                            <Menu.Item
                              key={c.collectionId}
                              onClick={() => void moveToCollection(c.collectionId, false)}
                            >
                              {c.collectionName}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    )
                  ) : null}
                </Group>
              ) : null}

              {failed ? (
                <Alert color="red" variant="light" m="md">
                  {ERRORS.fetch}
                </Alert>
              ) : loading ? (
                <Center p="xl" role="status" aria-label="Loading answers">
                  <Loader size="sm" />
                </Center>
              ) : rows.length === 0 ? (
                <Stack align="center" gap="xs" p={48}>
                  <ThemeIcon size={48} radius="xl" variant="light">
                    <IconBooks size={26} />
                  </ThemeIcon>
                  <Text fw={600}>No Answers found</Text>
                  <Text size="sm" c="dimmed" ta="center" maw={420}>
                    {term.trim()
                      ? 'Nothing in this collection matches your search.'
                      : isCandidates
                        ? 'Answers saved with Include in Library wait here for review.'
                        : 'Add the answers your team gives most, and they will be suggested on every questionnaire.'}
                  </Text>
                  {canManage && !isCandidates ? (
                    <Group gap="sm" mt="xs">
                      <Button
                        variant="light"
                        leftSection={<IconUpload size={16} />}
                        onClick={() => setImporting(true)}
                      >
                        Import Answers
                      </Button>
                      <Button
                        variant="default"
                        leftSection={<IconPlus size={16} />}
                        onClick={() => setAdding(true)}
                      >
                        Add Answer
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
              ) : (
                <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Answers">
                  {rows.map((row) => (
                    <AnswerRow
                      key={row.id}
                      row={row}
                      term={term}
                      found={isCandidates ? undefined : (found.get(row.id) ?? [])}
                      author={authors.get(row.authorId)}
                      selected={selected.has(row.id)}
                      onSelect={
                        canSelect
                          ? (on) =>
                              setSelected((s) => {
                                const next = new Set(s);
                                if (on) next.add(row.id);
                                else next.delete(row.id);
                                return next;
                              })
                          : null
                      }
                      onOpen={() =>
                        isCandidates
                          ? setReviewing(candidates.data?.find((c) => c.questionId === row.id) ?? null)
                          : setOpenAnswer(row.id)
                      }
                    />
                  ))}
                </Stack>
              )}
              {!isCandidates && pages.hasNextPage ? (
                <Center p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                  <Button
                    variant="default"
                    loading={pages.isFetchingNextPage}
                    onClick={() => void pages.fetchNextPage()}
                  >
                    Load More Answers
                  </Button>
                </Center>
              ) : null}
            </>
          )}
        </Paper>
      </div>

      <AnswerFormModal
        opened={adding}
        title="Add Answer"
        submitLabel="Add"
        initial={addFrom}
        saving={add.isPending}
        onClose={() => {
          setAdding(false);
          setAddFrom(undefined);
        }}
        onSubmit={async (values) => {
          try {
            const result = await add.mutateAsync({ items: [values], creationMethod: 'MANUALLY' });
            notifySuccess(
              result.created ? 'Answer added to the library' : 'The library already has that answer',
            );
            setAdding(false);
            setAddFrom(undefined);
          } catch (error) {
            notifyError(ERRORS.import);
            throw error;
          }
        }}
      />
      {canManage ? <LibraryImporter opened={importing} onClose={() => setImporting(false)} /> : null}
      <AnswerInsightsModal
        answerId={openAnswer}
        authors={authors}
        canManage={canManage}
        canAnswer={canAnswer}
        onClose={() => setOpenAnswer(null)}
      />
      <CandidateReviewModal
        candidate={reviewing}
        authors={authors}
        busy={decide.isPending}
        onCancel={() => setReviewing(null)}
        onDecide={async (newStatus) => {
          if (!reviewing) return;
          try {
            await decide.mutateAsync({ questionIds: [reviewing.questionId], newStatus });
            notifySuccess(newStatus === 'CREATE' ? 'Added to the library' : 'Answer discarded');
            setReviewing(null);
          } catch {
            notifyError(ERRORS.bulk);
          }
        }}
      />
    </Stack>
  );
}
