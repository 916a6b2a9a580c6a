import { Box, Center, Flex, Loader } from '@mantine/core';
import type { PermissionMap } from '@shared/permissions';
import type { User } from '@shared/schemas/user';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { NavBar } from '@/components/nav-bar';
import { RealtimeProvider } from '@/lib/realtime-connection';
import { liveEventHandlers } from './live-events';

export interface AppLayoutProps {
  /** The signed-in user's record; null when it could not be read (no navigation then). */
  user: User | null;
  permissions: PermissionMap;
}

/**
 * The application chrome: the 48 px navigation column (team members only) and the screen, inside
 * the live connection (team members only; closed when the layout unmounts), so project screens can
 * join their project's events with useLiveScope.
 */
export default function AppLayout({ user, permissions }: AppLayoutProps) {
  const teamMember = Boolean(user?.teamId);
  return (
    <RealtimeProvider handlers={liveEventHandlers} enabled={teamMember}>
      <Flex mih="100vh" align="stretch">
        {user && teamMember ? <NavBar user={user} permissions={permissions} /> : null}
        <Box flex={1} miw={0}>
          <Suspense
            fallback={
              <Center h="100vh" role="status" aria-label="Loading">
                <Loader />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </RealtimeProvider>
  );
}
