import { Stack, Tabs } from '@mantine/core';
import { IconKey, IconPlugConnected, IconSettings, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { ApiAccessPanel } from '@/features/settings/components/api-access-panel';
import { IntegrationsPanel } from '@/features/settings/components/integrations-panel';
import { MySettings } from '@/features/settings/components/my-settings';
import { TeamSettingsForm } from '@/features/settings/components/team-settings-form';
import { usePermissions } from '@/lib/permissions';

type Tab = 'mine' | 'team' | 'api' | 'integrations';
const TABS: readonly string[] = ['mine', 'team', 'api', 'integrations'];
const isTab = (value: string | null): value is Tab => value !== null && TABS.includes(value);

/**
 * /Settings (spec 002 §2.6–2.8): My Settings for everyone; Team, API Access and Integrations only
 * with UPDATE_TEAM (?tab= opens one: a notification links to Integrations). A tab's content is fetched when first opened and then kept (an unsaved form or a key
 * just generated survive a look at another tab).
 */
export default function SettingsRoute() {
  const permissions = usePermissions();
  const canManageTeam = permissions.data?.UPDATE_TEAM === true;
  const [search] = useSearchParams();
  const asked = search.get('tab');
  const [tab, setTab] = useState<Tab>(isTab(asked) ? asked : 'mine');
  const [opened, setOpened] = useState<Set<Tab>>(() => new Set<Tab>(['mine', tab]));
  const [newKey, setNewKey] = useState<string | null>(null);

  const open = (next: string | null) => {
    if (!isTab(next)) return;
    setTab(next);
    setOpened((o) => (o.has(next) ? o : new Set(o).add(next)));
  };
  const current: Tab = canManageTeam ? tab : 'mine';

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="md" maw={1100}>
      <PageTitle title="Settings" />
      <Tabs value={current} onChange={open}>
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          <Tabs.Tab value="mine" style={{ flexShrink: 0 }} leftSection={<IconSettings size={16} />}>
            My Settings
          </Tabs.Tab>
          {canManageTeam ? (
            <>
              <Tabs.Tab value="team" style={{ flexShrink: 0 }} leftSection={<IconUsersGroup size={16} />}>
                Team
              </Tabs.Tab>
              <Tabs.Tab value="api" style={{ flexShrink: 0 }} leftSection={<IconKey size={16} />}>
                API Access
              </Tabs.Tab>
              <Tabs.Tab
                value="integrations"
                style={{ flexShrink: 0 }}
                leftSection={<IconPlugConnected size={16} />}
              >
                Integrations
              </Tabs.Tab>
            </>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="mine">
          <MySettings />
        </Tabs.Panel>
        {canManageTeam ? (
          <>
            <Tabs.Panel value="team">{opened.has('team') ? <TeamSettingsForm /> : null}</Tabs.Panel>
            <Tabs.Panel value="api">
              {opened.has('api') ? <ApiAccessPanel newKey={newKey} onNewKey={setNewKey} /> : null}
            </Tabs.Panel>
            <Tabs.Panel value="integrations">
              {opened.has('integrations') ? <IntegrationsPanel /> : null}
            </Tabs.Panel>
          </>
        ) : null}
      </Tabs>
    </Stack>
  );
}
