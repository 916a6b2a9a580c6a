import { Button, Group, Modal, Text } from '@mantine/core';

export const CLOSE_MESSAGE = 'Are you sure you want to close? Any unsaved work will be lost.';

/** The never-silent close of a form with unsaved content (spec 002 §5). */
export function ConfirmClose({
  opened,
  onKeep,
  onClose,
}: {
  opened: boolean;
  onKeep: () => void;
  onClose: () => void;
}) {
  return (
    // Not closed by Escape: the Escape that opened it could reach it too, and close it at once.
    <Modal
      opened={opened}
      onClose={onKeep}
      closeOnEscape={false}
      title="Unsaved changes"
      centered
      size="sm"
      zIndex={400}
    >
      <Text size="sm">{CLOSE_MESSAGE}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onKeep}>
          Keep editing
        </Button>
        <Button color="red" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
