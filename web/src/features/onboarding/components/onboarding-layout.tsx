import { Box, Button, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/hooks/use-page-title';
import { signOutAndReset } from '@/lib/auth';

export interface OnboardingLayoutProps {
  /** document.title. */
  pageTitle: string;
  /** The screen's heading (h1). */
  heading: string;
  /** A decorative illustration above the heading. */
  illustration?: ReactNode;
  children?: ReactNode;
}

/** The onboarding screens: a centred card on a soft background, with a way to sign out. */
export function OnboardingLayout({ pageTitle, heading, illustration, children }: OnboardingLayoutProps) {
  usePageTitle(pageTitle);
  const queryClient = useQueryClient();
  return (
    <Box
      component="main"
      mih="100vh"
      p="md"
      style={{
        background:
          'linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 60%)',
      }}
    >
      <Group justify="flex-end">
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          onClick={() => void signOutAndReset(queryClient)}
        >
          Sign Out
        </Button>
      </Group>
      <Center mih="calc(100vh - 80px)">
        <Paper shadow="md" radius="md" p="xl" w="100%" maw={560} withBorder>
          <Stack gap="lg">
            {illustration ? <Center>{illustration}</Center> : null}
            <Title order={1} size="h2" ta="center">
              {heading}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
