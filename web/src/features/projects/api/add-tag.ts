import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectTagsQueryKey } from './list-resource-tags';
import { teamTagsQueryKey } from './list-tags';

export interface TagInput {
  /** The project's id. */
  resourceId: string;
  tagLabel: string;
}

/** POST /api/tags/{resourceId}/add: tag a resource; answers its tags. */
export const addTag = ({ resourceId, tagLabel }: TagInput) =>
  api('addTag', { params: { resourceId }, body: { tagLabel } });

export function useAddTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTag,
    onSuccess: (tags, { resourceId }) => {
      queryClient.setQueryData(projectTagsQueryKey(resourceId), tags);
      return queryClient.invalidateQueries({ queryKey: teamTagsQueryKey });
    },
  });
}
