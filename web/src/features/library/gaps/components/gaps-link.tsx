import { Badge, Button } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useGaps } from '@/features/library/gaps/api/list-gaps';

export const GAPS_PATH = '/Answers/gaps';

/** The library page's way to its to-do list, with how many gaps there are. */
export function GapsLink() {
  const gaps = useGaps();
  // No count before the list was first computed (it is being computed: the query asks again).
  const total = gaps.data?.computedAt ? gaps.data.total : undefined;
  return (
    <Button
      component={Link}
      to={GAPS_PATH}
      variant="light"
      color="orange"
      leftSection={<IconListSearch size={18} />}
      rightSection={
        total === undefined ? null : (
          <Badge size="sm" color="orange" variant="filled" circle={total < 10} data-testid="gap-count">
            {total.toLocaleString('en')}
          </Badge>
        )
      }
    >
      Gaps
    </Button>
  );
}
