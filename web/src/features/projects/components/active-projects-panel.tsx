import { Button, EmptyState } from '@mantine/core';
import { IconFolderPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { DashboardPanel } from '@/components/dashboard-panel';
import { usePermissions } from '@/lib/permissions';

/**
 * Active Projects, on the home dashboard. The dashboard projects call (GET /dashboard/projects)
 * comes with the projects work; until then the panel shows its empty state, which offers Create
 * Project to those allowed.
 */
export function ActiveProjectsPanel() {
  const permissions = usePermissions();
  const canCreate = permissions.data?.USER_PERMISSION_CREATE_PROJECT === true;
  return (
    <DashboardPanel title="Active Projects" seeMore="/Projects">
      <EmptyState
        py="md"
        size="sm"
        icon={<IconFolderPlus size={28} />}
        withIndicatorBackground
        title="No active projects"
        description="Projects you are working on will appear here."
      >
        {canCreate ? (
          <EmptyState.Actions>
            <Button component={Link} to="/Projects/Create" size="sm">
              Create Project
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </DashboardPanel>
  );
}
