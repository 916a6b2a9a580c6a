import { Badge, Group as Row, Tooltip } from '@mantine/core';
import type { MailHealth } from '@shared/schemas/team';
import type { ReactNode } from 'react';

/** The badge's words: the address bounces (or is suppressed), or its owner marked our e-mail as spam. */
export const mailHealthLabel = (health: MailHealth) =>
  health.state === 'COMPLAINED' ? 'Marked as spam' : 'Bounces';

/**
 * A member's address our e-mail does not reach: a red badge beside it whose tooltip (hover, focus or a
 * tap) says why and what to do; nothing is e-mailed to the address any more.
 */
export function MailHealthBadge({ health }: { health: MailHealth }) {
  return (
    <Tooltip
      label={health.message}
      multiline
      w={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        color="red"
        variant="light"
        size="sm"
        tabIndex={0}
        aria-label={`${mailHealthLabel(health)}: ${health.message}`}
        style={{ pointerEvents: 'auto', cursor: 'help' }}
        data-mail-health={health.state}
      >
        {mailHealthLabel(health)}
      </Badge>
    </Tooltip>
  );
}

/** The address, with the badge when our e-mail does not reach it. */
export function AddressWithHealth({ address, health }: { address: ReactNode; health?: MailHealth }) {
  if (!health) return <>{address}</>;
  return (
    <Row gap={6} wrap="wrap" align="center">
      <span>{address}</span>
      <MailHealthBadge health={health} />
    </Row>
  );
}
