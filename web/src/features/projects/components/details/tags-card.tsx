import { Box, Pill, TagsInput, Text, Tooltip } from '@mantine/core';
import { TAGS_PER_RESOURCE, TagLabel } from '@shared/schemas/tag';
import { useState } from 'react';
import { useAddTag } from '@/features/projects/api/add-tag';
import { useProjectTags } from '@/features/projects/api/list-resource-tags';
import { useTeamTags } from '@/features/projects/api/list-tags';
import { useRemoveTag } from '@/features/projects/api/remove-tag';
import { SectionCard } from '@/features/projects/components/dashboard/section-card';
import { ADD_TAG_ERROR, FETCH_TAGS_ERROR, REMOVE_TAG_ERROR } from '@/features/projects/utils/messages';
import { TAG_BADGE_MAX, tagChanges, truncateTag } from '@/features/projects/utils/tags';
import { useErrorToast } from '@/hooks/use-error-toast';
import { notifyError } from '@/lib/notify';

/**
 * Tags (spec 001 §2, spec 002 §7.2) on the project: comma and Enter separate tags, the team's tags
 * are suggested, badges are cut at 30 characters. Hidden on narrow screens.
 */
export function TagsCard({ projectId }: { projectId: string }) {
  const tags = useProjectTags(projectId);
  const suggestions = useTeamTags();
  const add = useAddTag();
  const remove = useRemoveTag();
  const [shown, setShown] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useErrorToast(tags.isError, tags.errorUpdatedAt, FETCH_TAGS_ERROR);

  const stored = (tags.data ?? []).map((t) => t.tagLabel);
  const value = shown ?? stored;

  const change = async (next: string[]) => {
    const { added, removed } = tagChanges(value, next);
    const valid = added.filter((label) => TagLabel.safeParse(label).success);
    if (valid.length < added.length) {
      setError(
        TagLabel.safeParse(added.find((l) => !TagLabel.safeParse(l).success)).error?.issues[0]?.message ??
          null,
      );
    } else setError(null);
    if (valid.length === 0 && removed.length === 0) return;
    setShown([...value.filter((l) => !removed.includes(l)), ...valid.map((l) => l.trim())]);
    for (const label of valid) {
      try {
        await add.mutateAsync({ resourceId: projectId, tagLabel: label.trim() });
      } catch {
        notifyError(ADD_TAG_ERROR);
      }
    }
    for (const label of removed) {
      try {
        await remove.mutateAsync({ resourceId: projectId, tagLabel: label });
      } catch {
        notifyError(REMOVE_TAG_ERROR);
      }
    }
    setShown(null);
  };

  return (
    <Box visibleFrom="sm">
      <SectionCard title="Tags" description="Group projects by customer, framework or anything else">
        <TagsInput
          aria-label="Tags"
          placeholder={value.length >= TAGS_PER_RESOURCE ? undefined : 'Add a tag, then Enter or comma'}
          value={value}
          onChange={(next) => void change(next)}
          data={(suggestions.data ?? []).map((t) => t.tagLabel)}
          splitChars={[',']}
          maxTags={TAGS_PER_RESOURCE}
          clearable={false}
          disabled={tags.isPending}
          error={error}
          limit={20}
          maxDropdownHeight={200}
          comboboxProps={{ withinPortal: true }}
          renderPill={({ value: label, onRemove }) =>
            label ? (
              <Tooltip label={label} disabled={label.length <= TAG_BADGE_MAX} withArrow>
                <Pill
                  withRemoveButton
                  onRemove={onRemove}
                  removeButtonProps={{ 'aria-label': `Remove tag ${label}` }}
                >
                  {truncateTag(label)}
                </Pill>
              </Tooltip>
            ) : null
          }
        />
        {tags.isSuccess && value.length === 0 ? (
          <Text size="xs" c="dimmed" mt={6}>
            No tags yet.
          </Text>
        ) : null}
      </SectionCard>
    </Box>
  );
}
