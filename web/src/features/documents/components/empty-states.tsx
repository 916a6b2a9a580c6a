import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFiles, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The library has no document at all (spec 002 §2.3): 'Your Document Library is empty', Upload Document. */
export function EmptyLibrary({ onUpload }: { onUpload?: () => void }) {
  return (
    <Stack align="center" gap="xs" p={48}>
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconFiles size={26} />
      </ThemeIcon>
      <Text fw={600}>Your Document Library is empty</Text>
      <Text size="sm" c="dimmed" ta="center" maw={440}>
        Keep your SOC 2 reports, certificates and policies here once, and attach them to every questionnaire
        that asks for evidence.
      </Text>
      {onUpload ? (
        <Button mt="xs" variant="light" leftSection={<IconUpload size={16} />} onClick={onUpload}>
          Upload Document
        </Button>
      ) : null}
    </Stack>
  );
}

/** A tab with nothing in it while the library is not empty. */
export function NothingHere({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack align="center" gap={6} p={40}>
      <ThemeIcon size={44} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {children}
      </Text>
    </Stack>
  );
}
