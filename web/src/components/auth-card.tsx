import { Box, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/hooks/use-page-title';

export interface AuthCardProps {
  /** document.title, e.g. 'Sign In'. */
  pageTitle: string;
  /** The card's heading (h1), e.g. 'Sign in to your account'. */
  heading: string;
  children?: ReactNode;
}

/** The centred card on a gradient background shared by the sign-in, sign-up, confirm and reset screens. */
export function AuthCard({ pageTitle, heading, children }: AuthCardProps) {
  usePageTitle(pageTitle);
  return (
    <Box
      component="main"
      mih="100vh"
      p="md"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background:
          'linear-gradient(135deg, var(--mantine-color-indigo-8) 0%, var(--mantine-color-cyan-6) 100%)',
      }}
    >
      <Paper shadow="xl" radius="md" p="xl" w="100%" maw={440} withBorder>
        <Stack gap="lg">
          <Title order={1} size="h2" ta="center">
            {heading}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
