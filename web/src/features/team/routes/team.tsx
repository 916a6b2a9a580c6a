import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useGroups } from '@/features/team/api/get-groups';
import { useRoles } from '@/features/team/api/get-roles';
import { useAllMembers } from '@/features/team/api/list-all-members';
import { InviteMemberModal } from '@/features/team/components/invite-member-modal';
import { TeamTable } from '@/features/team/components/team-table';
import { usePageTitle } from '@/hooks/use-page-title';
import { useAuthSession } from '@/lib/auth';
import { notifyError } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';

export const ROLES_ERROR = 'There was an error retrieving available roles';
export const GROUPS_ERROR = 'There was an error retrieving available groups';

/** Show one red toast when a query fails (again after each new failure). */
function useErrorToast(isError: boolean, errorUpdatedAt: number, message: string) {
  useEffect(() => {
    if (isError) notifyError(message);
  }, [isError, errorUpdatedAt, message]);
}

/** /Team (page title 'Team Management'): members, pending invitations, access changes, invitations. */
export default function TeamRoute() {
  usePageTitle('Team Management');
  const session = useAuthSession();
  const permissions = usePermissions();
  const members = useAllMembers();
  const roles = useRoles();
  const groups = useGroups();
  const [inviting, setInviting] = useState(false);

  useErrorToast(roles.isError, roles.errorUpdatedAt, ROLES_ERROR);
  useErrorToast(groups.isError, groups.errorUpdatedAt, GROUPS_ERROR);

  const canInvite = permissions.data?.CREATE_TEAM_MEMBER === true;
  const canUpdateMembers = permissions.data?.UPDATE_TEAM_MEMBER === true;

  return (
    <Stack component="main" p="lg" gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Team</Title>
        {canInvite ? (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
            Invite Team Member
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p="md">
        {members.isPending ? (
          <Center py="xl" role="status" aria-label="Loading the team">
            <Loader />
          </Center>
        ) : members.isError ? (
          <Alert color="red" title="The team could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Please try again.</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void members.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <TeamTable
            memberships={members.data}
            roles={roles.data ?? []}
            groups={groups.data ?? []}
            caller={{ email: session.data?.email ?? null, canUpdateMembers }}
          />
        )}
      </Paper>
      {canInvite ? (
        <InviteMemberModal
          opened={inviting}
          onClose={() => setInviting(false)}
          roles={roles.data ?? []}
          groups={groups.data ?? []}
        />
      ) : null}
    </Stack>
  );
}
