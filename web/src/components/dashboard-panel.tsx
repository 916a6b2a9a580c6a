import { Anchor, Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface DashboardPanelProps {
  title: string;
  /** A 'See More' link in the header. */
  seeMore?: string;
  children: ReactNode;
}

/** One of the home dashboard's panels (composed in app/routes/home): a titled card. */
export function DashboardPanel({ title, seeMore, children }: DashboardPanelProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title} mih={240}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {seeMore ? (
          <Anchor component={Link} to={seeMore} size="sm">
            See More
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}
