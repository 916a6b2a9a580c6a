import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DEACTIVATED_MESSAGE } from '@shared/constants';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { signOutAndReset } from '@/lib/auth';

/** Whether an API error says the team's identity provider turned the caller's access off (SCIM). */
export const isAccessTurnedOff = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.message === DEACTIVATED_MESSAGE;

/** What someone deactivated by their team's identity provider sees instead of the app. */
export function AccessTurnedOff() {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder radius="md" p="xl" maw={460} w="100%" shadow="sm">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconLock size={26} />
          </ThemeIcon>
          <Title order={1} size="h3">
            Your access is turned off
          </Title>
          <Text size="sm" c="dimmed">
            {DEACTIVATED_MESSAGE}
          </Text>
          <Button
            variant="default"
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              void signOutAndReset(queryClient);
            }}
          >
            Sign out
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
