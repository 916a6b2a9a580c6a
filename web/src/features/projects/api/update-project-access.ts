import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectAccessQueryKey } from './get-project-access';

export type UpdateProjectAccessInput = { projectId: string } & RouteBody<'updateProjectAccess'>;

/** POST /api/projects/{projectId}/access/team/update: TEAM, or PRIVATE to a list of members. */
export const updateProjectAccess = ({ projectId, ...body }: UpdateProjectAccessInput) =>
  api('updateProjectAccess', { params: { projectId }, body });

/** Save the sharing settings, then refresh the project's queries and the lists (visibility changed). */
export function useUpdateProjectAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProjectAccess,
    onSuccess: (access, { projectId }) => {
      queryClient.setQueryData(projectAccessQueryKey(projectId), access);
      return queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
