import {
  ActionIcon,
  Badge,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { Collection } from '@shared/schemas/answer';
import { IconBook2, IconCheck, IconFolder, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { type CollectionKey, FIXED_COLLECTIONS } from '@/features/library/utils/collections';

const ICON_COLOR: Record<string, string> = {
  AVAILABLE: 'green',
  NEEDS_REVIEW: 'yellow',
  DUE_FOR_REVIEW: 'red',
  CANDIDATES: 'indigo',
  FAVOURITES: 'orange',
  ARCHIVE: 'gray',
};

/** The library's Collections column: the five fixed ones, then the team's own (create inline). */
export function CollectionsNav({
  active,
  onSelect,
  collections,
  candidateCount,
  dueCount,
  canManage,
  creating,
  onCreate,
}: {
  active: CollectionKey;
  onSelect: (key: CollectionKey) => void;
  collections: Collection[];
  candidateCount: number | undefined;
  /** Answers due for review (issue 28), beside Due for review. */
  dueCount?: number;
  canManage: boolean;
  creating: boolean;
  onCreate: (name: string) => Promise<boolean>;
}) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const submit = async () => {
    if (!name.trim()) return;
    if (await onCreate(name.trim())) {
      setName('');
      setAdding(false);
    }
  };
  return (
    <Stack gap={4} component="nav" aria-label="Collections">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4} px="sm" pb={4}>
        Collections
      </Text>
      {FIXED_COLLECTIONS.filter((c) => c.key !== 'CANDIDATES' || candidateCount !== undefined).map((c) => (
        <NavLink
          key={c.key}
          label={c.label}
          active={active === c.key}
          onClick={() => onSelect(c.key)}
          leftSection={
            <span
              aria-hidden
              style={{
                width: 8,
                height: 8,
                borderRadius: 8,
                background: `var(--mantine-color-${ICON_COLOR[c.key]}-5)`,
                display: 'inline-block',
              }}
            />
          }
          rightSection={
            c.key === 'CANDIDATES' && candidateCount ? (
              <Badge size="xs" variant="filled" color="indigo" circle>
                {candidateCount}
              </Badge>
            ) : c.key === 'DUE_FOR_REVIEW' && dueCount ? (
              <Badge size="xs" variant="filled" color="red" circle aria-label={`${dueCount} due for review`}>
                {dueCount}
              </Badge>
            ) : null
          }
          style={{ borderRadius: 6 }}
        />
      ))}
      <NavLink
        label="Glossary"
        active={active === 'GLOSSARY'}
        onClick={() => onSelect('GLOSSARY')}
        leftSection={<IconBook2 size={14} />}
        style={{ borderRadius: 6 }}
      />
      <Group justify="space-between" px="sm" pt="md" pb={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
          Team collections
        </Text>
        {canManage ? (
          <Tooltip label="New collection">
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label="New collection"
              onClick={() => setAdding(true)}
            >
              <IconPlus size={14} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {adding ? (
        <Group gap={4} px={4} wrap="nowrap">
          <TextInput
            size="xs"
            placeholder="Collection name"
            aria-label="Collection name"
            maxLength={100}
            value={name}
            autoFocus
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void submit();
              if (e.key === 'Escape') setAdding(false);
            }}
            style={{ flex: 1 }}
          />
          <ActionIcon aria-label="Create collection" loading={creating} onClick={() => void submit()}>
            <IconCheck size={14} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label="Cancel" onClick={() => setAdding(false)}>
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ) : null}
      <ScrollArea.Autosize mah={320}>
        {collections.length === 0 && !adding ? (
          <Text size="xs" c="dimmed" px="sm">
            Group answers your way, e.g. “SOC 2 evidence”.
          </Text>
        ) : (
          collections.map((c) => (
            <NavLink
              key={c.collectionId}
              label={c.collectionName}
              active={active === `collection:${c.collectionId}`}
              onClick={() => onSelect(`collection:${c.collectionId}`)}
              leftSection={<IconFolder size={14} />}
              rightSection={
                <Text size="xs" c="dimmed">
                  {c.answerCount}
                </Text>
              }
              style={{ borderRadius: 6 }}
            />
          ))
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}
