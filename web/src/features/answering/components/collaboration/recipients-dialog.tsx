import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { COMMENT_RECIPIENTS_MAX } from '@shared/schemas/discussion';
import { IconMail, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { checkRecipient } from '@/features/answering/utils/recipients';

export interface RecipientsDialogProps {
  opened: boolean;
  onClose: () => void;
  recipients: readonly string[];
  onChange: (recipients: string[]) => void;
}

/**
 * Addresses to copy on the comment (spec 002 §2.1, §5): each must be valid and not already listed
 * ('Pleae check the email address is valid'). Copied people get the comment by e-mail and may reply.
 */
export function RecipientsDialog({ opened, onClose, recipients, onChange }: RecipientsDialogProps) {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = recipients.length >= COMMENT_RECIPIENTS_MAX;

  const add = () => {
    const result = checkRecipient(input, recipients);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onChange([...recipients, result.address]);
    setInput('');
    setError(null);
  };

  const close = () => {
    setInput('');
    setError(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Copy people on this comment" size="md" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          These addresses receive the comment by e-mail and can reply to it; replies are added to the
          discussion.
        </Text>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            data-autofocus
            style={{ flex: 1 }}
            label="Email address"
            placeholder="name@company.com"
            value={input}
            maxLength={254}
            disabled={full}
            error={error}
            onChange={(event) => {
              setInput(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button mt={25} variant="default" onClick={add} disabled={full || input.trim() === ''}>
            Add
          </Button>
        </Group>
        {recipients.length > 0 ? (
          <Stack gap={4} aria-label="Recipients" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {recipients.map((address) => (
              <Group
                key={address}
                component="li"
                justify="space-between"
                wrap="nowrap"
                px="sm"
                py={6}
                bg="gray.0"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                <Group gap={8} wrap="nowrap" miw={0}>
                  <IconMail size={14} color="var(--mantine-color-gray-6)" />
                  <Text size="sm" truncate="end">
                    {address}
                  </Text>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Remove ${address}`}
                  onClick={() => onChange(recipients.filter((a) => a !== address))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : null}
        {full ? (
          <Text size="xs" c="dimmed">
            A comment can be copied to at most {COMMENT_RECIPIENTS_MAX} addresses.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button onClick={close}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
