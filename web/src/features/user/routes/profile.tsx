import { Alert, Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { ProfileForm } from '@/features/user/components/profile-form';
import { ProfilePhoto } from '@/features/user/components/profile-photo';
import { logAppError } from '@/lib/app-error';
import { signOutAndReset } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';

function Detail({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value}</Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The spec's `group` (spec 000 §3) is a group of people within the user's team, not the team. */
export const GROUP_LABEL = 'Group';
export const GROUP_HINT = 'The group you belong to within your team';

/** /Profile (title 'Profile'): photo, account type and team, names, e-mail, logout (spec 000 §2.8). */
export default function ProfileRoute() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const logout = async () => {
    setSigningOut(true);
    try {
      await signOutAndReset(queryClient);
    } catch (error) {
      // The local session state is cleared whatever the identity service answered.
      logAppError('auth.signOut', error);
    }
    navigate('/login', { replace: true });
  };

  return (
    <Stack component="main" p="lg" gap="lg" maw={720}>
      <PageTitle title="Profile" />
      {user.data ? (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="lg">
            <ProfilePhoto user={user.data} />
            <Divider />
            <Group gap="xl">
              <Detail label="Account type" value={user.data.role?.name ?? 'No team yet'} />
              {user.data.group ? (
                <Detail label={GROUP_LABEL} value={user.data.group.groupName} hint={GROUP_HINT} />
              ) : (
                <Detail label="Team" value="No team yet" />
              )}
            </Group>
            <Divider />
            <ProfileForm key={user.data.userId} user={user.data} />
            <Divider />
            <Group>
              <Button
                variant="outline"
                color="red"
                leftSection={<IconLogout size={18} />}
                onClick={() => void logout()}
                loading={signingOut}
              >
                Logout
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : user.isError ? (
        <Alert color="red" title="Your profile could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void user.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Center py="xl" role="status" aria-label="Loading your profile">
          <Loader />
        </Center>
      )}
    </Stack>
  );
}
