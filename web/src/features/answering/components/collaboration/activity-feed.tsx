import { Box, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ActivityEntry } from '@shared/schemas/discussion';
import { IconActivity } from '@tabler/icons-react';
import { activityParts } from '@/features/answering/utils/activity-description';
import { fullDateTime, relativeTime } from '@/lib/dates';

export interface ActivityFeedProps {
  entries: readonly ActivityEntry[];
  names: ReadonlyMap<string, string>;
}

/** The question's activity, newest first, {user:ID} markers shown as (truncated) member names. */
export function ActivityFeed({ entries, names }: ActivityFeedProps) {
  if (entries.length === 0) {
    return (
      <Stack align="center" gap={6} py={48} px="lg" ta="center">
        <ThemeIcon variant="light" color="gray" size={40} radius="xl">
          <IconActivity size={20} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} size="sm">
          No activity yet
        </Text>
        <Text size="xs" c="dimmed" maw={260}>
          Answers, assignments and comments on this question will be listed here.
        </Text>
      </Stack>
    );
  }
  const sorted = [...entries].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return (
    <Box component="ol" m={0} px="md" py="sm" style={{ listStyle: 'none' }} aria-label="Activity">
      {sorted.map((entry, index) => (
        <Box
          component="li"
          key={entry.activityId}
          pl={18}
          pb={index === sorted.length - 1 ? 0 : 14}
          pos="relative"
          data-testid="activity-entry"
        >
          <Box
            pos="absolute"
            left={3}
            top={6}
            w={7}
            h={7}
            bg={index === 0 ? 'indigo.5' : 'gray.4'}
            style={{ borderRadius: '50%' }}
          />
          {index === sorted.length - 1 ? null : (
            <Box pos="absolute" left={6} top={16} bottom={-2} w={1} bg="gray.2" />
          )}
          <Text size="sm" lh={1.45} style={{ overflowWrap: 'anywhere' }}>
            {activityParts(entry.activityDescription, names).map((part, i) =>
              part.type === 'text' ? (
                <span key={i}>{part.text}</span>
              ) : (
                <Text key={i} component="span" inherit fw={600}>
                  {part.name}
                </Text>
              ),
            )}
          </Text>
          <Text size="xs" c="dimmed" mt={2} title={fullDateTime(entry.updatedAt)}>
            {relativeTime(entry.updatedAt)}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
