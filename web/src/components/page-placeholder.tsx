import { Stack } from '@mantine/core';
import { PageTitle } from './page-title';

/** A screen whose content comes later: its page title only. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <Stack p="lg" component="main">
      <PageTitle title={title} />
    </Stack>
  );
}
