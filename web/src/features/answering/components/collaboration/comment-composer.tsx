import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Combobox,
  Group,
  Pill,
  Text,
  Textarea,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { COMMENT_MAX } from '@shared/schemas/discussion';
import { IconAt, IconMailForward, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { useCreateComment } from '@/features/answering/api/create-comment';
import type { TeamMember } from '@/features/answering/components/collaboration/member-names';
import { SAVE_COMMENT_ERROR } from '@/features/answering/components/collaboration/messages';
import { RecipientsDialog } from '@/features/answering/components/collaboration/recipients-dialog';
import { useUnsavedChanges } from '@/features/answering/hooks/use-unsaved-changes';
import {
  activeMention,
  filterMembers,
  hasContent,
  insertMention,
  type MentionCandidate,
  toSegments,
} from '@/features/answering/utils/comment-segments';
import { notifyError } from '@/lib/notify';
import classes from './collaboration-panel.module.css';

export interface CommentComposerProps {
  projectId: string;
  questionId: string;
  /** Everyone on the project (mentions are read against all of them). */
  members: readonly TeamMember[];
  /** Who the picker offers (the project team without the caller). */
  mentionable: readonly TeamMember[];
  /** Called after a comment is sent, e.g. to scroll the list to it. */
  onSent?: () => void;
}

const PICKER_SIZE = 8;

/**
 * The comment box (spec 002 §2.1, §5): plain text in which '@' opens a picker of project members
 * (arrows move, Enter / Tab / click pick, Escape closes); sent as TEXT and MEMBER segments, so the
 * '@Full Name' text is never sent as such. At most 4000 characters; Send is disabled while empty or
 * saving; Ctrl/⌘ + Enter sends. Addresses to copy are added in the recipients dialog.
 */
export function CommentComposer({
  projectId,
  questionId,
  members,
  mentionable,
  onSent,
}: CommentComposerProps) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<MentionCandidate[]>([]);
  const [recipients, setRecipients] = useState<string[]>([]);
  const [recipientsOpen, setRecipientsOpen] = useState(false);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const combobox = useCombobox();
  const create = useCreateComment(projectId, questionId);

  const options = useMemo(
    () => (mention ? filterMembers(mentionable, mention.query).slice(0, PICKER_SIZE) : []),
    [mention, mentionable],
  );
  const open = mention !== null && mention.start !== dismissed && options.length > 0;
  const segments = useMemo(() => toSegments(text, members, picked), [text, members, picked]);
  const canSend = hasContent(segments) && !create.isPending;
  // A written comment is unsaved work: leaving the question asks first (spec 002 §4).
  const markClean = useUnsavedChanges(text.trim() !== '' || recipients.length > 0);

  // The picker follows the text: open while a mention is typed and someone matches, first one selected.
  useEffect(() => {
    if (open) {
      combobox.openDropdown();
      requestAnimationFrame(() => combobox.selectFirstOption());
    } else {
      combobox.closeDropdown();
    }
  }, [open, options]);

  const readCaret = (value: string) => {
    const caret = textarea.current?.selectionStart ?? value.length;
    const next = activeMention(value, caret);
    setMention(next);
    if (!next) setDismissed(null);
  };

  const pick = (userId: string) => {
    const member = mentionable.find((m) => m.userId === userId);
    const caret = textarea.current?.selectionStart ?? text.length;
    if (!member || !mention) return;
    const next = insertMention(text, mention.start, caret, member.fullName);
    setText(next.text.slice(0, COMMENT_MAX));
    setPicked((list) => [...list.filter((m) => m.userId !== member.userId), member]);
    setMention(null);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const startMention = () => {
    const el = textarea.current;
    const caret = el?.selectionStart ?? text.length;
    const before = text.slice(0, caret);
    const insert = before === '' || /\s$/.test(before) ? '@' : ' @';
    const value = (before + insert + text.slice(caret)).slice(0, COMMENT_MAX);
    setText(value);
    const at = caret + insert.length;
    setMention({ start: at - 1, query: '' });
    setDismissed(null);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at, at);
    });
  };

  const send = () => {
    if (!canSend) return;
    create.mutate(
      { segments, emailList: recipients },
      {
        onSuccess: () => {
          markClean();
          setText('');
          setPicked([]);
          setRecipients([]);
          setMention(null);
          onSent?.();
        },
        onError: () => notifyError(SAVE_COMMENT_ERROR),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (open && combobox.dropdownOpened) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        combobox.selectNextOption();
        return;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        combobox.selectPreviousOption();
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        if (combobox.getSelectedOptionIndex() !== -1) {
          event.preventDefault();
          combobox.clickSelectedOption();
          return;
        }
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(mention?.start ?? null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      send();
    }
  };

  const nearLimit = text.length >= COMMENT_MAX * 0.9;

  return (
    <Box
      px="md"
      pt="sm"
      pb="md"
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="comment-composer"
    >
      <Combobox store={combobox} onOptionSubmit={pick} position="top-start" withinPortal={false} shadow="md">
        <Combobox.Target withKeyboardNavigation={false} targetType="input">
          <Textarea
            ref={textarea}
            aria-label="Comment"
            placeholder="Write a comment… type @ to mention someone"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={COMMENT_MAX}
            value={text}
            disabled={create.isPending}
            onChange={(event) => {
              setText(event.currentTarget.value);
              readCaret(event.currentTarget.value);
            }}
            onSelect={(event) => readCaret(event.currentTarget.value)}
            onBlur={() => setMention(null)}
            onKeyDown={onKeyDown}
          />
        </Combobox.Target>
        <Combobox.Dropdown p={4}>
          <Combobox.Options aria-label="Mention a member" mah={240} style={{ overflowY: 'auto' }}>
            {options.map((member) => (
              <Combobox.Option
                value={member.userId}
                key={member.userId}
                py={6}
                px={8}
                className={classes.mentionOption}
              >
                <Group gap={8} wrap="nowrap">
                  <UserAvatar fullName={member.fullName} photo={member.photo} size={22} />
                  <Box miw={0}>
                    <Text size="sm" lh={1.2} truncate="end">
                      {member.fullName}
                    </Text>
                    <Text size="xs" c="dimmed" lh={1.2} truncate="end">
                      {member.emailAddress}
                    </Text>
                  </Box>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>

      {recipients.length > 0 ? (
        <Group gap={4} mt={8} aria-label="Copied on this comment">
          <Text size="xs" c="dimmed" mr={2}>
            Copy to
          </Text>
          {recipients.map((address) => (
            <Pill
              key={address}
              size="sm"
              withRemoveButton
              onRemove={() => setRecipients((list) => list.filter((a) => a !== address))}
              removeButtonProps={{ 'aria-label': `Remove ${address}` }}
            >
              {address}
            </Pill>
          ))}
        </Group>
      ) : null}

      <Group justify="space-between" mt={8} wrap="nowrap">
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Mention someone" withArrow openDelay={300}>
            <ActionIcon variant="subtle" color="gray" aria-label="Mention someone" onClick={startMention}>
              <IconAt size={17} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            fw={500}
            leftSection={<IconMailForward size={16} stroke={1.7} />}
            rightSection={
              recipients.length > 0 ? (
                <Badge size="xs" circle variant="filled" color="indigo">
                  {recipients.length}
                </Badge>
              ) : null
            }
            onClick={() => setRecipientsOpen(true)}
          >
            Recipients
          </Button>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text size="xs" c={nearLimit ? 'red.7' : 'dimmed'} aria-live="polite" data-testid="comment-counter">
            {text.length}/{COMMENT_MAX}
          </Text>
          <Button
            size="compact-md"
            px="md"
            onClick={send}
            disabled={!canSend}
            loading={create.isPending}
            rightSection={<IconSend size={14} />}
          >
            Send
          </Button>
        </Group>
      </Group>

      <RecipientsDialog
        opened={recipientsOpen}
        onClose={() => setRecipientsOpen(false)}
        recipients={recipients}
        onChange={setRecipients}
      />
    </Box>
  );
}
