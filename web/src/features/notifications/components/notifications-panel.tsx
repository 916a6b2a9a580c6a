import { Alert, Box, Center, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '@shared/schemas/notification';
import type { ReactNode } from 'react';
import { DashboardPanel } from '@/components/dashboard-panel';
import { useDashboardNotifications } from '@/features/notifications/api/list-notifications';
import { useNotificationActions } from '@/features/notifications/hooks/use-notification-actions';
import { useErrorToast } from '@/hooks/use-error-toast';
import { NotificationSummary } from './notification-summary';
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
        <NotificationSummary notification={notification} compact>
          <Text component="span" display="block" size="sm" c={unread ? undefined : 'dimmed'} lineClamp={2}>
            {notification.description}
          </Text>
        </NotificationSummary>
      </UnstyledButton>
    </li>
  );
}

/** The home dashboard's newest notifications; a click marks one read and follows its link. */
export function NotificationsPanel() {
  const query = useDashboardNotifications();
  const { onOpen } = useNotificationActions();
  useErrorToast(query.isError, query.errorUpdatedAt, DASHBOARD_NOTIFICATIONS_ERROR);

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
            onOpen={() => onOpen(notification)}
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
