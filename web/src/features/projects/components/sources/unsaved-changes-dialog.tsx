import { Button, Group, Modal, Text } from '@mantine/core';
import { UNSAVED_BODY, UNSAVED_TITLE } from '@/features/projects/utils/messages';

export interface UnsavedChangesDialogProps {
  opened: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
}

/** Leaving a configuration with unsaved changes is blocked: discard them, or keep editing. */
export function UnsavedChangesDialog({ opened, onKeepEditing, onDiscard }: UnsavedChangesDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onKeepEditing}
      title={UNSAVED_TITLE}
      centered
      size="sm"
      zIndex={400}
      overlayProps={{ backgroundOpacity: 0.35 }}
    >
      <Text size="sm" mb="lg">
        {UNSAVED_BODY}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onKeepEditing} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={onDiscard}>
          Discard changes
        </Button>
      </Group>
    </Modal>
  );
}
