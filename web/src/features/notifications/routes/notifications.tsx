import { Alert, Button, Center, EmptyState, Loader, Paper, Stack, Tabs } from '@mantine/core';
import type { Notification } from '@shared/schemas/notification';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { useNotifications } from '@/features/notifications/api/list-notifications';
import { NotificationRow } from '@/features/notifications/components/notification-row';
import { useNotificationActions } from '@/features/notifications/hooks/use-notification-actions';
import { useErrorToast } from '@/hooks/use-error-toast';

export const NOTIFICATIONS_ERROR = 'There was an error retrieving your notifications';

type Tab = 'unread' | 'all';

const EMPTY: Record<Tab, { title: string; description: string }> = {
  unread: {
    title: 'No Unread Notifications',
    description: 'You might have read them all, or you might not have received any yet.',
  },
  all: { title: 'No Notifications', description: "You haven't received any notifications yet." },
};

/** /Notifications: tabs Unread (default) and All (spec 000 §2.10). */
export default function NotificationsRoute() {
  const [tab, setTab] = useState<Tab>('unread');
  const query = useNotifications();
  const { onMarkRead, onOpen, pendingId } = useNotificationActions();
  useErrorToast(query.isError, query.errorUpdatedAt, NOTIFICATIONS_ERROR);

  const all = query.data?.pages.flat() ?? [];

  const list = (items: Notification[], which: Tab) => {
    if (query.isPending) {
      return (
        <Center py="xl" role="status" aria-label="Loading notifications">
          <Loader />
        </Center>
      );
    }
    if (query.isError && items.length === 0) {
      return (
        <Alert color="red" variant="light" mt="md">
          {NOTIFICATIONS_ERROR}
        </Alert>
      );
    }
    return (
      <Stack gap="md" mt="md">
        {items.length === 0 ? (
          <EmptyState
            py="xl"
            icon={which === 'unread' ? <IconBellCheck size={32} /> : <IconBell size={32} />}
            withIndicatorBackground
            title={EMPTY[which].title}
            description={EMPTY[which].description}
          />
        ) : (
          <Paper component="ul" withBorder radius="md" m={0} p={4} style={{ listStyle: 'none' }}>
            {items.map((notification) => (
              <NotificationRow
                key={notification.notificationId}
                notification={notification}
                pending={pendingId === notification.notificationId}
                onMarkRead={onMarkRead}
                onOpen={onOpen}
              />
            ))}
          </Paper>
        )}
        {query.hasNextPage ? (
          <Center>
            <Button
              variant="default"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              Load more
            </Button>
          </Center>
        ) : null}
      </Stack>
    );
  };

  return (
    <Stack p="lg" component="main" maw={880}>
      <PageTitle title="Notifications" />
      <Tabs value={tab} onChange={(value) => setTab(value === 'all' ? 'all' : 'unread')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="unread">Unread</Tabs.Tab>
          <Tabs.Tab value="all">All</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unread">
          {list(
            all.filter((n) => n.readAt === null),
            'unread',
          )}
        </Tabs.Panel>
        <Tabs.Panel value="all">{list(all, 'all')}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
