import { Avatar, Button, Group, Paper, Text } from '@mantine/core';
import type { PendingInvitation } from '@/features/onboarding/api/list-invitations';
import {
  type InvitationResponse,
  useRespondToInvitation,
} from '@/features/onboarding/api/respond-to-invitation';

export const ACCEPT_FAILED_MESSAGE = 'There was an error accepting that invitation';
export const DECLINE_FAILED_MESSAGE = 'There was an error declining that invitation';

export interface InvitationRowProps {
  invitation: PendingInvitation;
  /** Called after the server took the response. */
  onResponded: (response: InvitationResponse) => Promise<void> | void;
  onFailed: (response: InvitationResponse, error: Error) => void;
}

/**
 * One pending invitation: the sender's avatar, who invited the user to which team, Decline and
 * Accept. While a response runs the clicked button shows it and both are disabled (spec 000 §2.5).
 */
export function InvitationRow({ invitation, onResponded, onFailed }: InvitationRowProps) {
  const { sender, team } = invitation.invitationData;
  const respond = useRespondToInvitation({
    onSuccess: (_, { invitationStatus }) => onResponded(invitationStatus),
    onError: (error, { invitationStatus }) => onFailed(invitationStatus, error),
  });
  const running = respond.isPending ? respond.variables.invitationStatus : null;
  const respondWith = (invitationStatus: InvitationResponse) =>
    respond.mutate({ membershipId: invitation.membershipId, invitationStatus });

  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={`Invitation to join ${team.name}`}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group wrap="nowrap" gap="sm" miw={0}>
          <Avatar src={sender.photo || null} name={sender.fullName} color="initials" radius="xl" alt="" />
          <Text size="sm">
            {sender.fullName} invited you to join {team.name}.
          </Text>
        </Group>
        <Group wrap="nowrap" gap="xs">
          <Button
            variant="default"
            loading={running === 'DECLINE'}
            disabled={running !== null}
            onClick={() => respondWith('DECLINE')}
          >
            Decline
          </Button>
          <Button
            loading={running === 'ACCEPT'}
            disabled={running !== null}
            onClick={() => respondWith('ACCEPT')}
          >
            Accept
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
