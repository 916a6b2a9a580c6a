import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './quiz.module.css';

/** The heading of a Quiz Central tab ('Team Inbox', 'Sent Invitations', 'Quiz Templates'). */
export function PanelHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Group className={classes.panelHeader} justify="space-between" align="center" gap="sm">
      <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
        <Title order={2} fz="h4" fw={650}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
