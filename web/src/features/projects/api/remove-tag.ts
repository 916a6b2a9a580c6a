import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TagInput } from './add-tag';
import { projectTagsQueryKey } from './list-resource-tags';
import { teamTagsQueryKey } from './list-tags';

/** POST /api/tags/{resourceId}/remove: remove a tag from a resource; answers its tags. */
export const removeTag = ({ resourceId, tagLabel }: TagInput) =>
  api('removeTag', { params: { resourceId }, body: { tagLabel } });

export function useRemoveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTag,
    onSuccess: (tags, { resourceId }) => {
      queryClient.setQueryData(projectTagsQueryKey(resourceId), tags);
      return queryClient.invalidateQueries({ queryKey: teamTagsQueryKey });
    },
  });
}
