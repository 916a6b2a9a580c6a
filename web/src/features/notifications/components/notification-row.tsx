import { Avatar, Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '../../../../../shared/schemas/notification';
import { fullDateTime, relativeTime } from '../utils/relative-time';
import classes from './notification-row.module.css';
import { ReadMarker } from './read-marker';

export interface NotificationRowProps {
  notification: Notification;
  /** The mark-as-read call for this notification is running. */
  pending: boolean;
  onMarkRead: (notification: Notification) => void;
  onOpen: (notification: Notification) => void;
}

/** One notification: read marker, the causing user's avatar and name, when, and the title. */
export function NotificationRow({ notification, pending, onMarkRead, onOpen }: NotificationRowProps) {
  const unread = notification.readAt === null;
  const { fullName, photo } = notification.causedBy;
  return (
    <Group component="li" className={classes.row} wrap="nowrap" gap="xs" px="xs" py={6}>
      <ReadMarker read={!unread} pending={pending} onMarkRead={() => onMarkRead(notification)} />
      <UnstyledButton
        onClick={() => onOpen(notification)}
        className={classes.open}
        flex={1}
        miw={0}
        p={4}
        style={{ display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)' }}
      >
        <Avatar
          component="span"
          src={photo}
          name={fullName || undefined}
          color="initials"
          radius="xl"
          size={36}
        />
        <Box component="span" display="block" miw={0} flex={1}>
          <Group component="span" gap={8} wrap="nowrap">
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
          <Text component="span" display="block" size="sm" fw={unread ? 500 : 400} lineClamp={2}>
            {notification.title}
          </Text>
        </Box>
      </UnstyledButton>
    </Group>
  );
}
