import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PermissionMap } from '@shared/permissions';
import type { Project } from '@shared/schemas/project';
import { IconCalendarDue, IconMessagePlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCalendarDate } from '@/lib/dates';
import type { DashboardDialog } from './dialog-names';

interface StepProps {
  number: number;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
}

function Step({ number, icon, title, description, action }: StepProps) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="md">
      <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={4} style={{ flex: 1 }}>
        <Text fw={600} size="sm">
          {number}. {title}
        </Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {action}
      </Stack>
    </Group>
  );
}

export interface WelcomeDialogProps {
  project: Project;
  opened: boolean;
  permissions: PermissionMap;
  /** Closes the dialog (back to the dashboard's own address). */
  onClose: () => void;
  /** Closes it and opens one of the dashboard's dialogs. */
  onOpen: (dialog: DashboardDialog) => void;
  /** Closes it and puts the focus on the due date of Project Details. */
  onEditDueDate: () => void;
}

/** Welcome to your Project (spec 001 §2), on /Projects/{id}/welcome after Create Project: next steps. */
export function WelcomeDialog({
  project,
  opened,
  permissions,
  onClose,
  onOpen,
  onEditDueDate,
}: WelcomeDialogProps) {
  const canManage = permissions.USER_PERMISSION_CREATE_PROJECT === true;
  const canAddQuestions = permissions.CREATE_QUESTION === true;
  return (
    <Modal opened={opened} onClose={onClose} title="Welcome to your Project" centered size="lg">
      <Stack gap="lg">
        <Text size="sm">
          <b>{project.name}</b> is ready. A few steps get it going:
        </Text>
        <Step
          number={1}
          icon={<IconMessagePlus size={18} />}
          title="Add your questions"
          description="Bring in the questionnaire you received, or type questions in one at a time."
          action={
            canAddQuestions ? (
              <Button size="xs" variant="light" w="fit-content" onClick={() => onOpen('add-questions')}>
                Add Questions
              </Button>
            ) : null
          }
        />
        <Step
          number={2}
          icon={<IconUsers size={18} />}
          title="Decide who works on it"
          description="Everyone in your team can see a new project. Make it private to the people who need it, and name a sales and a delivery manager in Project Details."
          action={
            canManage ? (
              <Button size="xs" variant="light" w="fit-content" onClick={() => onOpen('sharing')}>
                Sharing Settings
              </Button>
            ) : null
          }
        />
        <Step
          number={3}
          icon={<IconCalendarDue size={18} />}
          title="Check the due date"
          description={
            <>
              It is due on <b>{formatCalendarDate(project.dueOn)}</b>. The burndown on the dashboard shows
              whether you are on track for it.
            </>
          }
          action={
            canManage ? (
              <Button size="xs" variant="light" w="fit-content" onClick={onEditDueDate}>
                Change the due date
              </Button>
            ) : null
          }
        />
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Go to the dashboard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
