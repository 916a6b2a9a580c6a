import { TagsInput, Text } from '@mantine/core';
import { TAG_MAX, TAGS_PER_RESOURCE } from '@shared/schemas/tag';
import { useEffect, useRef, useState } from 'react';
import { useUpdateAnswer } from '@/features/library/api/update-answer';
import { displayTags } from '@/features/library/utils/tags';
import { notifyError } from '@/lib/notify';

const TAG_ERRORS = {
  add: 'There was an error adding that tag',
  remove: 'There was an error deleting that tag',
} as const;

/**
 * The answer's tag editor (Answer Insights → Settings): a tag is added with Enter or a comma (a
 * semicolon splits too), removed with its ×; each change is saved at once and undone on failure.
 */
export function AnswerTagsEditor({
  answerId,
  tags,
  disabled,
}: {
  answerId: string;
  tags: readonly string[];
  disabled: boolean;
}) {
  const update = useUpdateAnswer();
  const [value, setValue] = useState(() => displayTags(tags));
  // Saves go one at a time, in the order they were made: two quick tags are two requests, and the
  // second must not be overtaken by the first (the answer would keep only one tag). While saves
  // are pending, the answer read back from the server does not replace what the user typed.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  useEffect(() => {
    if (pending.current === 0) setValue(displayTags(tags));
  }, [tags]);

  const save = (next: string[]) => {
    const cleaned = next.map((t) => t.trim().slice(0, TAG_MAX)).filter(Boolean);
    const added = cleaned.length > value.length;
    const before = value;
    setValue(cleaned);
    pending.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        await update.mutateAsync({ answerId, body: { tags: cleaned } });
      } catch {
        setValue(before);
        notifyError(added ? TAG_ERRORS.add : TAG_ERRORS.remove);
      } finally {
        pending.current -= 1;
      }
    });
  };

  return (
    <TagsInput
      aria-label="Tags"
      placeholder={value.length ? 'Add another tag' : 'Type a tag, then Enter or a comma'}
      value={value}
      onChange={save}
      splitChars={[',', ';']}
      maxTags={TAGS_PER_RESOURCE}
      clearable={false}
      disabled={disabled}
      description={
        <Text span size="xs" c="dimmed">
          Tags help find this answer in search and in Insights.
        </Text>
      }
    />
  );
}
