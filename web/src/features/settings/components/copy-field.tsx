import { ActionIcon, CopyButton, TextInput, type TextInputProps, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A read-only value with a copy button (ids and the API key). */
export function CopyField({
  value,
  copyLabel,
  ...props
}: TextInputProps & { value: string; copyLabel: string }) {
  return (
    <TextInput
      {...props}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSection={
        <CopyButton value={value} timeout={3000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : copyLabel} withArrow position="left">
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? 'Copied' : copyLabel}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
