import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import type { ProjectTab } from '@/features/projects/api/list-projects';
import { CreateProjectDialog } from '@/features/projects/components/create-project-dialog';
import { ProjectList } from '@/features/projects/components/project-list';
import { CREATE_PROJECT_PATH, PROJECTS_PATH } from '@/features/projects/utils/paths';
import { usePermissions } from '@/lib/permissions';

const TAB_PARAM = 'tab';

/**
 * /Projects and /Projects/Create (spec 001 §2): the project list with its Open and Closed tabs;
 * the Create path opens the Create Project dialog over it. The tab is kept in the address
 * (?tab=closed), so Back and a reload return to it.
 */
export default function ProjectsRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const permissions = usePermissions();
  const canCreate = permissions.data?.USER_PERMISSION_CREATE_PROJECT === true;
  const tab: ProjectTab = search.get(TAB_PARAM) === 'closed' ? 'closed' : 'open';
  const creating = canCreate && location.pathname.toLowerCase() === CREATE_PROJECT_PATH.toLowerCase();

  const changeTab = (value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === 'closed') next.set(TAB_PARAM, 'closed');
    else next.delete(TAB_PARAM);
    setSearch(next, { replace: true });
  };

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <PageTitle title="Projects" />
          <Text size="sm" c="dimmed">
            The questionnaires and assessments your team is answering.
          </Text>
        </Stack>
        {canCreate ? (
          <Button
            component={Link}
            to={{ pathname: CREATE_PROJECT_PATH, search: search.toString() }}
            leftSection={<IconPlus size={18} />}
          >
            New Project
          </Button>
        ) : null}
      </Group>
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="open">Open</Tabs.Tab>
          <Tabs.Tab value="closed">Closed</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="open">
          <ProjectList key="open" tab="open" />
        </Tabs.Panel>
        <Tabs.Panel value="closed">
          <ProjectList key="closed" tab="closed" />
        </Tabs.Panel>
      </Tabs>
      {canCreate ? (
        <CreateProjectDialog
          opened={creating}
          onClose={() => navigate({ pathname: PROJECTS_PATH, search: search.toString() }, { replace: true })}
        />
      ) : null}
    </Stack>
  );
}
