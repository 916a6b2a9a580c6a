import { Text } from '@mantine/core';

/** A field label with the 'Required' marker of required inputs (spec 000 §5). */
export function RequiredLabel({ label }: { label: string }) {
  return (
    <>
      {label}{' '}
      <Text span size="xs" c="dimmed" fw={400}>
        (Required)
      </Text>
    </>
  );
}
