import { Badge, UnstyledButton } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useReviewSummary } from '@/features/library/review/api/get-review-summary';

/** The library page's count of answers due for review (none shown when nothing is due); opens the view. */
export function DueForReviewBadge({ onOpen }: { onOpen: () => void }) {
  const summary = useReviewSummary();
  const due = summary.data?.due ?? 0;
  if (!due) return null;
  const overdue = summary.data?.overdue ?? 0;
  return (
    <UnstyledButton onClick={onOpen} aria-label={`${due} due for review`}>
      <Badge
        size="lg"
        variant="light"
        color={overdue ? 'red' : 'orange'}
        leftSection={<IconClockExclamation size={14} />}
        style={{ cursor: 'pointer', textTransform: 'none' }}
      >
        {due} due for review{overdue ? ` · ${overdue} overdue` : ''}
      </Badge>
    </UnstyledButton>
  );
}
