import { Group, Modal, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconFileImport, IconFiles, IconMessagePlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
  /** Opens Add File (import a questionnaire). */
  onImportFile: () => void;
  /** Opens Question Sources (the files imported so far). */
  onOpenSources: () => void;
  /** Opens the Add Question dialog. */
  onAddQuestion: () => void;
}

/** Add Questions: import a questionnaire file, see the files imported so far, or add one question by hand. */
export function AddQuestionsDialog({
  opened,
  onClose,
  onImportFile,
  onOpenSources,
  onAddQuestion,
}: AddQuestionsDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Questions" centered size="md">
      <Stack gap="sm">
        <Choice
          icon={<IconFileImport size={22} />}
          title="Import from a file"
          description="Spreadsheets (.xlsx, .xlsm, .csv) and documents (.docx), up to 25MB"
          onClick={onImportFile}
        />
        <Choice
          icon={<IconMessagePlus size={22} />}
          title="Add a question"
          description="Type a question in; it joins the project's questionnaire"
          onClick={onAddQuestion}
        />
        <Choice
          icon={<IconFiles size={22} />}
          title="Question Sources"
          description="The files imported so far: their state, sheets and configuration"
          onClick={onOpenSources}
        />
      </Stack>
    </Modal>
  );
}
