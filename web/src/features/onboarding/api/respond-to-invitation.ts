import type { INVITATION_RESPONSES } from '@shared/schemas/team';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type InvitationResponse = (typeof INVITATION_RESPONSES)[number];

export interface RespondVariables {
  membershipId: string;
  invitationStatus: InvitationResponse;
}

/** POST /api/invitations/{membershipId}/respond: accept or decline an invitation. */
export const respondToInvitation = ({ membershipId, invitationStatus }: RespondVariables) =>
  api('respondToInvitation', { params: { membershipId }, body: { invitationStatus } });
export type InvitationResponded = Awaited<ReturnType<typeof respondToInvitation>>;

export const useRespondToInvitation = (
  options: Omit<UseMutationOptions<InvitationResponded, Error, RespondVariables>, 'mutationFn'> = {},
) => useMutation({ ...options, mutationFn: respondToInvitation });
