import {
  ActionIcon,
  Anchor,
  Button,
  CloseButton,
  Loader,
  Pill,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { Project, ProjectMember } from '@shared/schemas/project';
import type { Question } from '@shared/schemas/question';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  countLabel,
  FILTER_LABELS,
  type FilterKey,
  SEARCH_MAX,
} from '@/features/answering/utils/question-filters';
import { FilterMenu } from './filter-menu';
import { NO_MATCHES } from './messages';
import { PanelHeader } from './panel-header';
import classes from './question-list.module.css';
import { EmptyListText, QuestionRows } from './question-rows';

export interface QuestionListPanelProps {
  project: Project | undefined;
  dashboardPath: string;
  /** Every question loaded so far, in order. */
  questions: readonly Question[];
  /** The questions the search and filters keep. */
  shown: readonly Question[];
  /** Nothing has arrived yet. */
  pending: boolean;
  /** More pages are on their way. */
  loadingMore: boolean;
  completion: string | undefined;
  activeId: string | undefined;
  members: readonly ProjectMember[];
  search: string;
  onSearch: (search: string) => void;
  filters: readonly FilterKey[];
  onFilters: (keys: FilterKey[]) => void;
  /** CREATE_QUESTION: the add-question button is shown. */
  canAdd: boolean;
  onAdd: () => void;
  pathFor: (questionId: string) => string;
}

/**
 * The 356 px left panel of question answering (spec 002 §2.1): header, search, filter menu,
 * add-question button, count bar and the virtualised rows.
 */
export function QuestionListPanel(props: QuestionListPanelProps) {
  const { questions, shown, filters, search, onFilters, onSearch } = props;
  const filtered = filters.length > 0 || search.trim() !== '';
  const positions = useMemo(() => new Map(questions.map((q, i) => [q.questionId, i + 1])), [questions]);
  const members = useMemo(() => new Map(props.members.map((m) => [m.userId, m.member])), [props.members]);
  const clear = () => {
    onFilters([]);
    onSearch('');
  };

  return (
    <aside className={classes.panel} aria-label="Question list">
      <PanelHeader
        project={props.project}
        dashboardPath={props.dashboardPath}
        completion={props.completion}
      />
      <div className={classes.toolbar}>
        <TextInput
          size="xs"
          flex={1}
          placeholder="Search questions"
          aria-label="Search questions"
          maxLength={SEARCH_MAX}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          leftSection={<IconSearch size={14} />}
          rightSection={
            search ? <CloseButton size="xs" aria-label="Clear search" onClick={() => onSearch('')} /> : null
          }
        />
        <FilterMenu value={filters} onChange={onFilters} />
        {props.canAdd ? (
          <Tooltip label="Add Question" openDelay={300}>
            <ActionIcon variant="filled" size={30} aria-label="Add Question" onClick={props.onAdd}>
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </div>
      {filters.length > 0 ? (
        <Pill.Group gap={4} px="sm" pb={8} data-testid="active-filters">
          {filters.map((key) => (
            <Pill
              key={key}
              size="xs"
              withRemoveButton
              onRemove={() => onFilters(filters.filter((k) => k !== key))}
              removeButtonProps={{ 'aria-label': `Remove the ${FILTER_LABELS[key]} filter` }}
            >
              {FILTER_LABELS[key]}
            </Pill>
          ))}
        </Pill.Group>
      ) : null}
      <div className={classes.countBar}>
        {props.pending ? (
          <Skeleton h={10} w={110} />
        ) : (
          <Text span size="xs" c="gray.7" fw={500} data-testid="count-bar" aria-live="polite">
            {countLabel(shown.length, questions.length, filtered)}
          </Text>
        )}
        {props.loadingMore && !props.pending ? (
          <Text span size="xs" c="dimmed" display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
            <Loader size={10} type="oval" /> Loading
          </Text>
        ) : filtered ? (
          <Anchor component="button" type="button" size="xs" onClick={clear}>
            Clear
          </Anchor>
        ) : null}
      </div>
      {props.pending ? (
        <Stack gap={0} className={classes.list} aria-busy="true" aria-label="Loading questions">
          {Array.from({ length: 14 }, (_, i) => (
            <Skeleton key={i} h={12} my={9} mx="sm" w={`${70 + ((i * 37) % 25)}%`} />
          ))}
        </Stack>
      ) : (
        <QuestionRows
          questions={shown}
          positions={positions}
          activeId={props.activeId}
          members={members}
          pathFor={props.pathFor}
          empty={
            filtered ? (
              <EmptyListText title={NO_MATCHES}>
                <Text size="xs" c="dimmed" ta="center">
                  Try other words or fewer filters.
                </Text>
                <Button variant="subtle" size="xs" mt={4} onClick={clear}>
                  Clear search and filters
                </Button>
              </EmptyListText>
            ) : (
              <Text size="sm" c="dimmed" ta="center">
                No questions yet
              </Text>
            )
          }
        />
      )}
    </aside>
  );
}
