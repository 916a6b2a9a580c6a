import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Project } from '@shared/schemas/project';
import { useNavigate } from 'react-router-dom';
import { useUpdateProject } from '@/features/projects/api/update-project';
import { PROJECT_CLOSED, PROJECT_OPENED, UPDATE_PROJECT_ERROR } from '@/features/projects/utils/messages';
import { PROJECTS_PATH } from '@/features/projects/utils/paths';
import { notifyError, notifySuccess } from '@/lib/notify';

export interface CloseProjectDialogProps {
  project: Project;
  /** 'close' asks to close an open project; 'reopen' to re-open a closed one. */
  action: 'close' | 'reopen' | null;
  onClose: () => void;
}

/**
 * Close Project / Re-open Project (spec 001 §4): closing moves the project to the Closed tab, says
 * so and goes to the project list; re-opening moves it back to Open and says so.
 */
export function CloseProjectDialog({ project, action, onClose }: CloseProjectDialogProps) {
  const update = useUpdateProject();
  const navigate = useNavigate();
  const saving = update.isPending;
  const closing = action === 'close';

  const close = () => {
    if (saving) return;
    update.reset();
    onClose();
  };

  const confirm = async () => {
    try {
      await update.mutateAsync({
        projectId: project.projectId,
        changes: { projectStatus: closing ? 'COMPLETE' : 'IN-PROGRESS' },
      });
      update.reset();
      onClose();
      if (closing) {
        notifySuccess(PROJECT_CLOSED);
        navigate(PROJECTS_PATH);
      } else {
        notifySuccess(PROJECT_OPENED);
      }
    } catch {
      notifyError(UPDATE_PROJECT_ERROR);
    }
  };

  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={closing ? 'Close Project' : 'Re-open Project'}
      centered
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
    >
      <Stack gap="md">
        <Text size="sm">
          {closing ? (
            <>
              Close <b>{project.name}</b>? It moves to the Closed tab of your projects. You can re-open it at
              any time.
            </>
          ) : (
            <>
              Re-open <b>{project.name}</b>? It moves back to the Open tab of your projects.
            </>
          )}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button color={closing ? 'red' : undefined} onClick={confirm} loading={saving} data-autofocus>
            {closing ? 'Close Project' : 'Re-open Project'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
