import { Badge } from '@mantine/core';
import type { InviteStatus } from '@shared/schemas/quiz';
import { type InviteBox, inviteStatusLook } from '@/features/quiz/utils/invites';

/** An invitation's status, worded for the side looking at it. */
export function InviteStatusBadge({ status, box }: { status: InviteStatus; box: InviteBox }) {
  const look = inviteStatusLook(status, box);
  return (
    <Badge
      color={look.color}
      variant="light"
      radius="sm"
      size="sm"
      tt="none"
      fw={600}
      style={{ flexShrink: 0 }}
      data-status={status}
    >
      {look.label}
    </Badge>
  );
}
