import { Avatar, Box, Group, Text } from '@mantine/core';
import type { Notification } from '@shared/schemas/notification';
import type { ReactNode } from 'react';
import { fullDateTime, relativeTime } from '@/lib/dates';

export interface NotificationSummaryProps {
  notification: Notification;
  /** The dashboard panel's denser layout: a smaller avatar, tighter spacing. */
  compact?: boolean;
  /** The line under the name and time. */
  children: ReactNode;
}

/**
 * The inside of a notification's open button: the causing user's avatar and name, when (full date
 * and time on hover), then `children`. Shared by the notifications screen and the dashboard panel.
 */
export function NotificationSummary({ notification, compact = false, children }: NotificationSummaryProps) {
  const { fullName, photo } = notification.causedBy;
  return (
    <>
      <Avatar
        component="span"
        src={photo}
        name={fullName || undefined}
        color="initials"
        radius="xl"
        size={compact ? 28 : 36}
      />
      <Box component="span" display="block" miw={0} flex={1}>
        <Group component="span" gap={compact ? 6 : 8} wrap="nowrap">
          <Text component="span" size="sm" fw={600} truncate>
            {fullName}
          </Text>
          <Text
            component="time"
            dateTime={notification.createdAt}
            title={fullDateTime(notification.createdAt)}
            size="xs"
            c="dimmed"
            style={{ whiteSpace: 'nowrap' }}
          >
            {relativeTime(notification.createdAt)}
          </Text>
        </Group>
        {children}
      </Box>
    </>
  );
}
