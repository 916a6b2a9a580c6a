import { SimpleGrid, Stack } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { ActivityPanel } from '@/features/activity/components/activity-panel';
import { NotificationsPanel } from '@/features/notifications/components/notifications-panel';
import { ActiveProjectsPanel } from '@/features/projects/components/active-projects-panel';

/**
 * /: the home dashboard (spec 000 §2.9). The app composes one panel from each feature:
 * Notifications, Active Projects and Your Activity.
 */
export default function HomeRoute() {
  return (
    <Stack p="lg" component="main">
      <PageTitle title="Home" />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <NotificationsPanel />
        <ActiveProjectsPanel />
        <ActivityPanel />
      </SimpleGrid>
    </Stack>
  );
}
