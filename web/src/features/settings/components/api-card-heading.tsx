import { Anchor, Group, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { API_REFERENCE_PATH } from '@/features/settings/utils/api-access';

/** The heading of a card of the API Access tab: its icon and title, and the API reference link. */
export function ApiCardHeading({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb={4}>
      <Group gap="sm">
        {icon}
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      <Anchor href={API_REFERENCE_PATH} target="_blank" rel="noopener" size="sm">
        <Group gap={4} wrap="nowrap">
          API reference <IconExternalLink size={14} />
        </Group>
      </Anchor>
    </Group>
  );
}
