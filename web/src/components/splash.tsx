import { Center, Loader } from '@mantine/core';

/** Full-screen loading splash, shown while authentication and account status are checked. */
export function Splash() {
  return (
    <Center h="100vh" w="100%" role="status" aria-live="polite" aria-label="Loading">
      <Loader size="lg" />
    </Center>
  );
}
