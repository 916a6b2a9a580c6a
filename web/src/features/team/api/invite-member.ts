import type { RouteBody } from '@shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@/lib/activity';
import { api } from '@/lib/api-client';
import { allMembersQueryKey } from './list-all-members';

export type InviteMemberInput = RouteBody<'inviteMember'>;

/** The usage event recorded after a successful invitation (spec 000 §7.2). */
export const TEAM_MEMBER_INVITED = 'TEAM_MEMBER_INVITED';

/** POST /api/team/members/invite: invite an e-mail address (the server sends the invitation e-mail). */
export const inviteMember = (body: InviteMemberInput) => api('inviteMember', { body });

/** Invite, then record the analytics event and refresh the team list. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: (membership) => {
      trackEvent(TEAM_MEMBER_INVITED, {
        membershipId: membership.membershipId,
        groupId: membership.groupId,
        roleId: membership.roleId,
      });
      return queryClient.invalidateQueries({ queryKey: allMembersQueryKey });
    },
  });
}
