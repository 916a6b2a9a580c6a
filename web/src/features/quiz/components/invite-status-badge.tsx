import type { InviteStatus } from '@shared/schemas/quiz';
import { StatusBadge } from '@/components/status-badge';
import { type InviteBox, inviteStatusLook } from '@/features/quiz/utils/invites';

/** An invitation's status, worded for the side looking at it. */
export function InviteStatusBadge({ status, box }: { status: InviteStatus; box: InviteBox }) {
  const look = inviteStatusLook(status, box);
  return (
    <StatusBadge color={look.color} data-status={status}>
      {look.label}
    </StatusBadge>
  );
}
