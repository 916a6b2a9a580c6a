import { Alert, Avatar, Box, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../../../../shared/schemas/notification';
import { useDashboardNotifications } from '../api/get-dashboard-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useErrorToast } from '../hooks/use-error-toast';
import { fullDateTime, isAppPath, relativeTime } from '../utils/relative-time';
import { DashboardPanel } from './dashboard-panel';
import classes from './notifications-panel.module.css';

export const DASHBOARD_NOTIFICATIONS_ERROR = 'There was a problem retrieving your notifications';
export const NO_NOTIFICATIONS_TEXT =
  'You have no notifications yet. You will be notified when someone mentions you or assigns you a question.';

function Dot({ unread }: { unread: boolean }) {
  return (
    <Box
      component="span"
      display="block"
      role="img"
      aria-label={unread ? 'Unread' : 'Read'}
      w={8}
      h={8}
      mt={6}
      bg={unread ? 'orange.6' : 'gray.3'}
      style={{ borderRadius: '50%', flexShrink: 0 }}
    />
  );
}

function Item({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = notification.readAt === null;
  const { fullName, photo } = notification.causedBy;
  return (
    <li>
      <UnstyledButton
        onClick={onOpen}
        className={classes.item}
        w="100%"
        p={6}
        style={{
          display: 'flex',
          gap: 'var(--mantine-spacing-xs)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <Dot unread={unread} />
        <Avatar
          component="span"
          src={photo}
          name={fullName || undefined}
          color="initials"
          radius="xl"
          size={28}
        />
        <Box component="span" display="block" miw={0} flex={1}>
          <Group component="span" gap={6} wrap="nowrap">
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
          <Text component="span" display="block" size="sm" c={unread ? undefined : 'dimmed'} lineClamp={2}>
            {notification.description}
          </Text>
        </Box>
      </UnstyledButton>
    </li>
  );
}

/** The dashboard's newest notifications; a click marks one read and follows its link. */
export function NotificationsPanel() {
  const navigate = useNavigate();
  const query = useDashboardNotifications();
  const markRead = useMarkNotificationRead();
  useErrorToast(query.isError, query.errorUpdatedAt, DASHBOARD_NOTIFICATIONS_ERROR);

  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.notificationId);
    if (isAppPath(notification.linkReferencePath)) navigate(notification.linkReferencePath);
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center py="lg" role="status" aria-label="Loading notifications">
        <Loader size="sm" />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light">
        {DASHBOARD_NOTIFICATIONS_ERROR}
      </Alert>
    );
  } else if (query.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {NO_NOTIFICATIONS_TEXT}
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {query.data.map((notification) => (
          <Item
            key={notification.notificationId}
            notification={notification}
            onOpen={() => open(notification)}
          />
        ))}
      </Stack>
    );
  }

  return (
    <DashboardPanel title="Notifications" seeMore="/Notifications">
      {body}
    </DashboardPanel>
  );
}
