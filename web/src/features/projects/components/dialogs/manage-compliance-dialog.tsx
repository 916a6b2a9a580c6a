import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_WORDING, type WordingKey } from '@shared/compliance';
import { ComplianceWording, type Project, TEXT_MAX } from '@shared/schemas/project';
import { useState } from 'react';
import { useComplianceOverrides } from '@/features/projects/api/get-compliance-overrides';
import { useUpdateComplianceOverrides } from '@/features/projects/api/update-compliance-overrides';
import { COMPLIANCE_ERROR } from '@/features/projects/utils/messages';
import { useErrorToast } from '@/hooks/use-error-toast';
import { notifyError, notifySuccess } from '@/lib/notify';

export const COMPLIANCE_SAVED = 'Your compliance wording has been saved';

/** The four statuses, in the order of the dashboard tiles, with their colours. */
const FIELDS: ReadonlyArray<{ key: WordingKey; label: string; color: string }> = [
  { key: 'compliant', label: 'Compliant', color: 'teal' },
  { key: 'nonCompliant', label: 'Non-Compliant', color: 'red' },
  { key: 'partiallyCompliant', label: 'Partially Compliant', color: 'orange' },
  { key: 'notApplicable', label: 'Not Applicable', color: 'gray' },
];

type Wording = Record<WordingKey, string>;
const EMPTY: Wording = { compliant: '', nonCompliant: '', partiallyCompliant: '', notApplicable: '' };

export interface ManageComplianceDialogProps {
  project: Project;
  opened: boolean;
  onClose: () => void;
}

/**
 * Manage Compliance at project level (spec 001 §4): the words the answered questionnaire uses for
 * each compliance status. An empty field falls back to the product default (its placeholder); a
 * source file or sheet can override these again.
 */
export function ManageComplianceDialog({ project, opened, onClose }: ManageComplianceDialogProps) {
  const overrides = useComplianceOverrides(project.projectId, { enabled: opened });
  const save = useUpdateComplianceOverrides();
  const [values, setValues] = useState<Wording>(EMPTY);
  const [version, setVersion] = useState<number | undefined>(undefined);
  useErrorToast(overrides.isError, overrides.errorUpdatedAt, COMPLIANCE_ERROR);

  const stored: Wording = { ...EMPTY, ...overrides.data?.[project.projectId] } as Wording;
  const loadedAt = overrides.dataUpdatedAt;
  const [filledAt, setFilledAt] = useState<number | null>(null);
  // Fill the form from what is stored, once per opening (and again after a reload on failure).
  if (opened && overrides.data && filledAt !== loadedAt) {
    setFilledAt(loadedAt);
    setValues(stored);
    setVersion(project.version);
  }
  if (!opened && filledAt !== null) setFilledAt(null);

  const parsed = ComplianceWording.safeParse(values);
  const changed = FIELDS.some(({ key }) => values[key].trim() !== (stored[key] ?? '').trim());
  const saving = save.isPending;

  const close = () => {
    if (saving) return;
    save.reset();
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!parsed.success || saving) return;
    try {
      await save.mutateAsync({ projectId: project.projectId, wording: parsed.data, version });
      notifySuccess(COMPLIANCE_SAVED);
      save.reset();
      onClose();
    } catch {
      notifyError(COMPLIANCE_ERROR);
      void overrides.refetch();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Manage Compliance"
      centered
      size="lg"
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      withCloseButton={!saving}
    >
      {overrides.isPending ? (
        <Center py="xl" role="status" aria-label="Loading the compliance wording">
          <Loader size="sm" />
        </Center>
      ) : overrides.isError ? (
        <Alert color="red" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{COMPLIANCE_ERROR}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void overrides.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Choose the words this project's answered questionnaires use for each compliance status. Leave a
              field empty to use the default shown in it. A source file or sheet can still use its own
              wording.
            </Text>
            {FIELDS.map(({ key, label, color }) => (
              <TextInput
                key={key}
                label={
                  <Group gap={6} component="span">
                    <Box
                      component="span"
                      w={8}
                      h={8}
                      style={{ borderRadius: '50%', background: `var(--mantine-color-${color}-6)` }}
                      aria-hidden
                    />
                    {label}
                  </Group>
                }
                aria-label={label}
                placeholder={DEFAULT_WORDING[key]}
                maxLength={TEXT_MAX}
                disabled={saving}
                value={values[key]}
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  setValues((v) => ({ ...v, [key]: next }));
                }}
              />
            ))}
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={!parsed.success || !changed || saving}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
