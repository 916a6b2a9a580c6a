import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { CopyField } from './copy-field';

/**
 * A secret shown this once (an API key, a webhook signing secret, a SCIM token): the value with a
 * copy button, what to do with it, and "I have copied it" to put it away for good.
 */
export function ShownOnceAlert({
  title,
  value,
  copyLabel,
  label,
  testId,
  note,
  onDone,
}: {
  title: string;
  value: string;
  copyLabel: string;
  /** The field's accessible name. */
  label: string;
  testId: string;
  note: string;
  onDone: () => void;
}) {
  return (
    <Alert color="teal" variant="light" title={title} icon={<IconKey size={18} />}>
      <Stack gap="xs">
        <CopyField value={value} copyLabel={copyLabel} aria-label={label} data-testid={testId} />
        <Text size="sm">{note}</Text>
        <Group justify="flex-end">
          <Button size="xs" color="teal" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
