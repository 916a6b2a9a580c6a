import { Anchor, Group } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useLibraryHealthSummary } from '../api/get-library-health-summary';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The library page's link to Library health, with what the last check found. */
export function HealthCounts() {
  const summary = useLibraryHealthSummary();
  const s = summary.data;
  const found = s && (s.duplicateGroups > 0 || s.conflicts > 0);
  return (
    <Anchor
      component={Link}
      to="/Answers/health"
      size="sm"
      c={found ? (s.conflicts ? 'red.7' : 'orange.8') : undefined}
    >
      <Group gap={4} wrap="nowrap">
        <IconHeartbeat size={16} />
        {found
          ? `${plural(s.duplicateGroups, 'duplicate group', 'duplicate groups')} · ${plural(s.conflicts, 'conflict', 'conflicts')}`
          : 'Library health'}
      </Group>
    </Anchor>
  );
}
