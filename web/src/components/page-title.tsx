import { Title } from '@mantine/core';
import { usePageTitle } from '@/hooks/use-page-title';

/** The page's h1; also sets document.title. */
export function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return <Title order={1}>{title}</Title>;
}
