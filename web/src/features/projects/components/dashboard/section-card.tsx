import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  title: string;
  /** A short line under the title. */
  description?: ReactNode;
  /** Buttons or icons on the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  /** The card grows to the height of its row. */
  fill?: boolean;
}

/** A titled card of the project dashboard (a labelled region for assistive technology). */
export function SectionCard({ title, description, actions, children, fill }: SectionCardProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={title}
      h={fill ? '100%' : undefined}
      style={{ overflow: 'visible' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="md">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h5" fw={600}>
            {title}
          </Title>
          {description ? (
            <Text size="xs" c="dimmed" mt={2}>
              {description}
            </Text>
          ) : null}
        </div>
        {actions ? (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {actions}
          </Group>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}
