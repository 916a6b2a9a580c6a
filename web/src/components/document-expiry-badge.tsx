import { Badge, Tooltip } from '@mantine/core';
import type { LibraryDocument } from '@shared/schemas/document';
import { expiryBadge } from '@/lib/documents';

/** 'Expires {date}', 'Expiring' (orange) or 'Expired' (red) beside a document's name; nothing without a date. */
export function DocumentExpiryBadge({
  document,
}: {
  document: Pick<LibraryDocument, 'expiresOn' | 'expiryState'>;
}) {
  const badge = expiryBadge(document);
  if (!badge) return null;
  return (
    <Tooltip label={badge.title} withArrow openDelay={200}>
      <Badge
        size="xs"
        radius="sm"
        variant={badge.color === 'gray' ? 'outline' : 'light'}
        color={badge.color}
        style={{ flexShrink: 0 }}
        aria-label={badge.title}
      >
        {badge.label}
      </Badge>
    </Tooltip>
  );
}
