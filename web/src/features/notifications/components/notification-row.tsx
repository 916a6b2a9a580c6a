import { Group, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '@shared/schemas/notification';
import classes from './notification-row.module.css';
import { NotificationSummary } from './notification-summary';
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
        <NotificationSummary notification={notification}>
          <Text component="span" display="block" size="sm" fw={unread ? 500 : 400} lineClamp={2}>
            {notification.title}
          </Text>
        </NotificationSummary>
      </UnstyledButton>
    </Group>
  );
}
