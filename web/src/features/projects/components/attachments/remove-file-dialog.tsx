import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { removeFileConfirmation } from '@shared/schemas/document';

/**
 * Remove File (spec 001 §4): a file attached to more than one question asks first, with the
 * spec's words, because Remove takes it off the project and every question.
 */
export function RemoveFileDialog({
  questions,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The questions the file is attached to; null when closed. */
  questions: number | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={questions !== null}
      onClose={onCancel}
      title={
        <Text fw={700} size="lg">
          Remove File
        </Text>
      }
      centered
      size="sm"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="lg">
        <Text size="sm">{questions !== null ? removeFileConfirmation(questions) : ''}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
