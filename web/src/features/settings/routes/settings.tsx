import { Badge, Stack, Tabs } from '@mantine/core';
import { IconKey, IconSettings, IconUsersGroup } from '@tabler/icons-react';
import { PageTitle } from '@/components/page-title';
import { MySettings } from '@/features/settings/components/my-settings';
import { usePermissions } from '@/lib/permissions';

const soon = (
  <Badge size="xs" variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
    Coming soon
  </Badge>
);

/**
 * /Settings (spec 002 §2.6): My Settings for everyone; Team and API Access only with UPDATE_TEAM.
 * Team settings and API access come with a later release: until then their tabs are shown
 * disabled, marked Coming soon.
 */
export default function SettingsRoute() {
  const permissions = usePermissions();
  const canManageTeam = permissions.data?.UPDATE_TEAM === true;

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="md" maw={1100}>
      <PageTitle title="Settings" />
      <Tabs defaultValue="mine">
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="mine" style={{ flexShrink: 0 }} leftSection={<IconSettings size={16} />}>
            My Settings
          </Tabs.Tab>
          {canManageTeam ? (
            <>
              <Tabs.Tab
                value="team"
                style={{ flexShrink: 0 }}
                leftSection={<IconUsersGroup size={16} />}
                rightSection={soon}
                disabled
              >
                Team
              </Tabs.Tab>
              <Tabs.Tab
                value="api"
                style={{ flexShrink: 0 }}
                leftSection={<IconKey size={16} />}
                rightSection={soon}
                disabled
              >
                API Access
              </Tabs.Tab>
            </>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="mine">
          <MySettings />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
