import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { PortalNotes, PortalUrl, type Project, TEXT_MAX } from '@shared/schemas/project';
import { IconLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useUpdateProject } from '@/features/projects/api/update-project';
import { UPDATE_PROJECT_ERROR } from '@/features/projects/utils/messages';
import { notifyError, notifySuccess } from '@/lib/notify';

export const PORTAL_SAVED = 'The portal details have been saved';
export const NOTES_HINT = 'Add notes, e.g. pass code, etc';

export interface UpdatePortalDialogProps {
  project: Project;
  opened: boolean;
  onClose: () => void;
}

/**
 * Update Portal Details (spec 001 §5): the portal link is required, trimmed, more than 2 characters
 * (Provide a link to the Portal) and at most 256; the notes at most 256. Both are sent together.
 */
export function UpdatePortalDialog({ project, opened, onClose }: UpdatePortalDialogProps) {
  const update = useUpdateProject();
  const [url, setUrl] = useState('');
  const [notes, setNotes] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setUrl(project.thirdPartyProjectUrl ?? '');
    setNotes(project.thirdPartyProjectNotes ?? '');
    setTouched(false);
  }, [opened, project.thirdPartyProjectUrl, project.thirdPartyProjectNotes]);

  const urlResult = PortalUrl.safeParse(url);
  const notesResult = PortalNotes.safeParse(notes);
  const valid = urlResult.success && notesResult.success;
  const saving = update.isPending;

  const close = () => {
    if (saving) return;
    update.reset();
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!urlResult.success || !notesResult.success || saving) return;
    try {
      await update.mutateAsync({
        projectId: project.projectId,
        changes: { thirdPartyProjectUrl: urlResult.data, thirdPartyProjectNotes: notesResult.data },
      });
      notifySuccess(PORTAL_SAVED);
      update.reset();
      onClose();
    } catch {
      notifyError(UPDATE_PROJECT_ERROR);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Update Portal Details"
      centered
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Portal Link"
            withAsterisk
            placeholder="e.g. portal.example.com/assessments/123"
            leftSection={<IconLink size={16} />}
            maxLength={TEXT_MAX}
            data-autofocus
            disabled={saving}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && !urlResult.success ? urlResult.error.issues[0]?.message : undefined}
          />
          <Textarea
            label="Notes"
            description={NOTES_HINT}
            placeholder={NOTES_HINT}
            autosize
            minRows={3}
            maxRows={6}
            maxLength={TEXT_MAX}
            disabled={saving}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={!notesResult.success ? notesResult.error.issues[0]?.message : undefined}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!valid || saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
