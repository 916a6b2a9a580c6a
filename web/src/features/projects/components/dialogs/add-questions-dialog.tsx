import { Group, Modal, Paper, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconFileImport, IconMessagePlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { IMPORT_LATER } from '@/features/projects/utils/messages';

interface ChoiceProps {
  icon: ReactNode;
  title: string;
  description: string;
  onClick?: () => void;
  disabled?: boolean;
}

function Choice({ icon, title, description, onClick, disabled }: ChoiceProps) {
  return (
    <UnstyledButton
      onClick={disabled ? undefined : onClick}
      aria-disabled={disabled || undefined}
      style={{ borderRadius: 'var(--mantine-radius-md)', cursor: disabled ? 'not-allowed' : 'pointer' }}
      w="100%"
    >
      <Paper
        withBorder
        radius="md"
        p="md"
        bg={disabled ? 'gray.0' : undefined}
        style={{ opacity: disabled ? 0.65 : 1 }}
      >
        <Group wrap="nowrap" gap="md">
          <ThemeIcon size={40} radius="md" variant="light" color={disabled ? 'gray' : 'indigo'} aria-hidden>
            {icon}
          </ThemeIcon>
          <Stack gap={2} style={{ flex: 1 }}>
            <Text fw={600} size="sm">
              {title}
            </Text>
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          </Stack>
          {disabled ? null : <IconChevronRight size={18} color="var(--mantine-color-gray-5)" aria-hidden />}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

export interface AddQuestionsDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Opens the Add Question dialog. */
  onAddQuestion: () => void;
}

/** Add Questions: import a questionnaire file (arrives with the import) or add one question by hand. */
export function AddQuestionsDialog({ opened, onClose, onAddQuestion }: AddQuestionsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Questions" centered size="md">
      <Stack gap="sm">
        <Tooltip label={IMPORT_LATER} withArrow>
          <div>
            <Choice
              icon={<IconFileImport size={22} />}
              title="Import from a file"
              description="Spreadsheets (.xlsx, .csv) and documents (.docx)"
              disabled
            />
          </div>
        </Tooltip>
        <Choice
          icon={<IconMessagePlus size={22} />}
          title="Add a question"
          description="Type a question in; it joins the project's questionnaire"
          onClick={onAddQuestion}
        />
      </Stack>
    </Modal>
  );
}
