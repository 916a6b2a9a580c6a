import { SimpleGrid, Stack } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import { ActivityPanel } from '../components/activity-panel';
import { NotificationsPanel } from '../components/notifications-panel';
import { ProjectsPanel } from '../components/projects-panel';

/** /: the home dashboard: Notifications, Active Projects and Your Activity (spec 000 §2.9). */
export default function HomeRoute() {
  return (
    <Stack p="lg" component="main">
      <PageTitle title="Home" />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <NotificationsPanel />
        <ProjectsPanel />
        <ActivityPanel />
      </SimpleGrid>
    </Stack>
  );
}
