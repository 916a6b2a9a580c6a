import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';

/** /Welcome */
export default function WelcomeRoute() {
  return (
    <Stack p="lg" component="main" maw={720}>
      <PageTitle title="Welcome" />
      <Text size="lg">A tool to make answering Security Assessments simple, fast and comprehensive.</Text>
      <Group>
        <Anchor component={Link} to="/create">
          Start
        </Anchor>
        <Anchor component={Link} to="/demo">
          Live demo
        </Anchor>
      </Group>
    </Stack>
  );
}
