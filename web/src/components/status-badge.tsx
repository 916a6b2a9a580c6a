import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small light badge for a status or a classification, never squeezed by its neighbours. */
export function StatusBadge({
  color,
  children,
  ...data
}: { color: BadgeProps['color']; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      size="sm"
      tt="none"
      fw={600}
      style={{ flexShrink: 0 }}
      {...data}
    >
      {children}
    </Badge>
  );
}
