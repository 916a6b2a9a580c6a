import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { allMembersQueryKey } from './list-all-members';

export type UpdateMemberInput = { membershipId: string } & RouteBody<'updateMember'>;

/** POST /api/team/members/{membershipId}/update: change a member's group and role. */
export const updateMember = ({ membershipId, groupId, roleId }: UpdateMemberInput) =>
  api('updateMember', { params: { membershipId }, body: { groupId, roleId } });

/** Update a member, then refresh the team list. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allMembersQueryKey }),
  });
}
