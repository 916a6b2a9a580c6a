import { Box, Center, Flex, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import type { PermissionMap } from '../../../shared/permissions';
import type { User } from '../../../shared/schemas/user';
import { NavBar } from '../components/NavBar';
import { RealtimeConnection } from '../lib/realtime';

export interface AppLayoutProps {
  /** The signed-in user's record; null when it could not be read (no navigation then). */
  user: User | null;
  permissions: PermissionMap;
}

/** The application chrome: the 48 px navigation column (team members only) and the screen. */
export default function AppLayout({ user, permissions }: AppLayoutProps) {
  return (
    <Flex mih="100vh" align="stretch">
      {user?.teamId ? <NavBar user={user} permissions={permissions} /> : null}
      {/* Live updates over the websocket, for team members only; closed when the layout unmounts. */}
      {user?.teamId ? <RealtimeConnection /> : null}
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
  );
}
