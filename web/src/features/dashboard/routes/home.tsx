import { Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';

const PANELS = ['Notifications', 'Active Projects', 'Your Activity'] as const;

/** /: the home dashboard; the three panels are filled by the dashboard issue. */
export default function HomeRoute() {
  return (
    <Stack p="lg" component="main">
      <PageTitle title="Home" />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {PANELS.map((panel) => (
          <Card
            key={panel}
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-label={panel}
            mih={240}
          >
            <Title order={2} size="h4">
              {panel}
            </Title>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
