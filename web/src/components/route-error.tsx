import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { logAppError } from '@/lib/app-error';

/** Shown when a screen fails to load or render (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => logAppError('route', error), [error]);
  return <StartupError />;
}

/** Full-page error with a reload action. */
export function StartupError({ message = 'Something went wrong.' }: { message?: string }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm">
        <Title order={1} size="h3">
          {message}
        </Title>
        <Text c="dimmed">Please reload the page. If it keeps happening, contact support.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
