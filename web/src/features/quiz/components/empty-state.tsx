import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tab or list with nothing in it: an icon, what this place is for, and the way to fill it. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap={6} px="md" py={48}>
      <ThemeIcon size={48} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Text fw={600} mt={4}>
        {title}
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={460}>
        {children}
      </Text>
      {action ? <div style={{ marginTop: 8 }}>{action}</div> : null}
    </Stack>
  );
}
