import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** "← Quiz Templates" above a template's Edit and Invite pages. */
export function TemplatesBackLink() {
  return (
    <Anchor component={Link} to="/Quiz?tab=templates" size="sm" c="dimmed">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        Quiz Templates
      </Group>
    </Anchor>
  );
}
