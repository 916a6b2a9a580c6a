import { Badge, Checkbox, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { UserAvatar } from '@/components/user-avatar';
import type { Author } from '@/features/library/api/list-team-members';
import { highlightParts, STATUS_PILL } from '@/features/library/utils/collections';
import { displayTags } from '@/features/library/utils/tags';
import { relativeTime } from '@/lib/dates';
import classes from './library.module.css';

function Highlighted({ text, term, found }: { text: string; term: string; found?: readonly string[] }) {
  return (
    <>
      {highlightParts(text, term, found).map((part, i) =>
        part.match ? (
          <mark key={i} className={classes.mark}>
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

export interface LibraryRowData {
  id: string;
  question: string;
  answer: string;
  authorId: string;
  date: string;
  status?: keyof typeof STATUS_PILL | 'IN-USE';
  isFavourite?: boolean;
  /** Where a candidate came from. */
  context?: string;
  tags?: string[];
}

/** One answer (or candidate) of the list: selection, author, question and answer, status pill. */
export function AnswerRow({
  row,
  term,
  found,
  author,
  selected,
  onSelect,
  onOpen,
}: {
  row: LibraryRowData;
  term: string;
  /** The words the server's search found in this answer (see highlightParts); none for candidates. */
  found?: readonly string[];
  author: Author | undefined;
  selected: boolean;
  onSelect: ((selected: boolean) => void) | null;
  onOpen: () => void;
}) {
  const pill = row.status ? STATUS_PILL[row.status] : undefined;
  const name = author?.fullName ?? 'Former member';
  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      className={classes.row}
      data-selected={selected || undefined}
      aria-label={row.question}
    >
      {onSelect ? (
        <Checkbox
          mt={4}
          aria-label={`Select: ${row.question}`}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
        />
      ) : null}
      <Tooltip label={name} withArrow>
        <span>
          <UserAvatar fullName={name} photo={author?.photo} size={30} />
        </span>
      </Tooltip>
      <UnstyledButton onClick={onOpen} className={classes.rowBody}>
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600} lineClamp={2} style={{ flex: 1 }}>
              <Highlighted text={row.question} term={term} found={found} />
            </Text>
            {row.isFavourite ? (
              <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" aria-label="Favourite" />
            ) : null}
            {pill ? (
              <Badge size="sm" variant="light" color={pill.color} style={{ flexShrink: 0 }}>
                {pill.label}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="gray.7" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
            <Highlighted text={row.answer} term={term} found={found} />
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {name}
              {row.context ? ` · ${row.context}` : ''} · {relativeTime(row.date)}
            </Text>
            {displayTags(row.tags ?? [])
              .slice(0, 3)
              .map((tag) => (
                <Badge key={tag} size="xs" variant="outline" color="gray" radius="sm" maw={160}>
                  {tag}
                </Badge>
              ))}
          </Group>
        </Stack>
      </UnstyledButton>
    </Group>
  );
}
