import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { EditorField } from '../../utils/answer-editor';

export interface QuestionUpdatedDialogProps {
  opened: boolean;
  /** Who saved (a name), when known. */
  savedBy?: string;
  fields: EditorField[];
  onAccept: () => void;
  onIgnore: () => void;
}

/**
 * 'Question Updated' (spec 002 §4): someone else saved the question you are editing and it differs
 * in answer, classification or library flag. Accept Changes takes theirs; Ignore keeps your draft,
 * now based on their version (saving it then replaces theirs, knowingly).
 */
export function QuestionUpdatedDialog({
  opened,
  savedBy,
  fields,
  onAccept,
  onIgnore,
}: QuestionUpdatedDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onIgnore}
      title={
        <Text fw={700} size="lg">
          Question Updated
        </Text>
      }
      centered
      closeOnClickOutside={false}
      size="md"
    >
      <Stack gap="md">
        <Text size="sm">
          {savedBy ? `${savedBy} saved` : 'Someone else saved'} this question while you were editing it. These
          fields differ from the version you started from:
        </Text>
        <Group gap={6} aria-label="Changed fields" role="list">
          {fields.map((f) => (
            <Badge key={f} role="listitem" variant="light" color="orange" radius="sm" tt="none" size="lg">
              {f}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          Accept Changes replaces your edits with theirs. Ignore keeps your edits; saving them will replace
          theirs.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onIgnore}>
            Ignore
          </Button>
          <Button onClick={onAccept} data-autofocus>
            Accept Changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
