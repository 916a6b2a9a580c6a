import { Stack } from '@mantine/core';
import { PageTitle } from './PageTitle';

/** A screen whose content comes later: its page title only. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <Stack p="lg" component="main">
      <PageTitle title={title} />
    </Stack>
  );
}
