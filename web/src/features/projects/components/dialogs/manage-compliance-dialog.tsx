import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { WordingKey } from '@shared/compliance';
import { type Project, TEXT_MAX } from '@shared/schemas/project';
import { useState } from 'react';
import { useComplianceOverrides } from '@/features/projects/api/get-compliance-overrides';
import { useSources } from '@/features/projects/api/list-sources';
import { useUpdateComplianceOverrides } from '@/features/projects/api/update-compliance-overrides';
import {
  changedLevels,
  EMPTY_WORDING,
  fallbackWording,
  storedWording,
  type Wording,
  type WordingLevel,
  wordingLevels,
} from '@/features/projects/components/sources/compliance-levels';
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

const LEVEL_HELP: Record<WordingLevel['kind'], string> = {
  project:
    "The words this project's answered questionnaires use for each compliance status. Leave a field empty to use the default shown in it.",
  file: 'The words written into this file when it is exported. Leave a field empty to use the project wording shown in it.',
  sheet:
    'The words written into this sheet when its file is exported. Leave a field empty to use the file or project wording shown in it.',
};

const KIND_LABEL: Record<WordingLevel['kind'], string> = { project: 'Project', file: 'File', sheet: 'Sheet' };

export interface ManageComplianceDialogProps {
  project: Project;
  opened: boolean;
  onClose: () => void;
}

/**
 * Manage Compliance (spec 001 §4): the words the answered questionnaire uses for each compliance
 * status, at the level chosen: the project, a source file, or a sheet of a workbook. An empty field
 * falls back to the next level (sheet → file → project → default), whose wording is its placeholder.
 * Save sends the levels changed; the others keep theirs.
 */
export function ManageComplianceDialog({ project, opened, onClose }: ManageComplianceDialogProps) {
  const { projectId } = project;
  const overrides = useComplianceOverrides(projectId, { enabled: opened });
  const sources = useSources(projectId, { enabled: opened });
  const save = useUpdateComplianceOverrides();
  const [values, setValues] = useState<Record<string, Wording>>({});
  const [levelKey, setLevelKey] = useState(projectId);
  const [version, setVersion] = useState<number | undefined>(undefined);
  useErrorToast(overrides.isError, overrides.errorUpdatedAt, COMPLIANCE_ERROR);

  const levels = wordingLevels(projectId, sources.data ?? []);
  const level = levels.find((l) => l.key === levelKey) ?? levels[0];
  const loadedAt = overrides.dataUpdatedAt;
  const [filledAt, setFilledAt] = useState<number | null>(null);
  // Fill the form from what is stored, once per opening (and again after a reload on failure).
  if (opened && overrides.data && filledAt !== loadedAt) {
    setFilledAt(loadedAt);
    setValues({});
    setVersion(project.version);
  }
  if (!opened && filledAt !== null) {
    setFilledAt(null);
    setLevelKey(projectId);
  }

  const valuesOf = (key: string): Wording => values[key] ?? storedWording(overrides.data, key);
  const current = valuesOf(level.key);
  const allValues: Record<string, Wording> = Object.fromEntries(levels.map((l) => [l.key, valuesOf(l.key)]));
  const fallback = fallbackWording(level, allValues);
  const changes = changedLevels(values, overrides.data);
  const changed = Object.keys(changes).length > 0;
  const tooLong = Object.values(values).some((w) =>
    Object.values(w).some((text) => text.trim().length > TEXT_MAX),
  );
  const saving = save.isPending;

  const close = () => {
    if (saving) return;
    save.reset();
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!changed || tooLong || saving) return;
    try {
      await save.mutateAsync({
        projectId,
        overrides: changes,
        version: projectId in changes ? version : undefined,
      });
      notifySuccess(COMPLIANCE_SAVED);
      save.reset();
      onClose();
    } catch {
      notifyError(COMPLIANCE_ERROR);
      void overrides.refetch();
    }
  };

  const levelOptions = [
    { group: 'Project', items: [{ value: projectId, label: 'Project' }] },
    ...(levels.length > 1
      ? [
          {
            group: 'Files and sheets',
            items: levels.slice(1).map((l) => ({ value: l.key, label: l.label })),
          },
        ]
      : []),
  ];
  const edited = new Set(Object.keys(changes));

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
            <Select
              label="Apply to"
              description="A sheet's wording wins over its file's, a file's over the project's."
              data={levelOptions}
              value={level.key}
              allowDeselect={false}
              disabled={saving}
              onChange={(value) => value && setLevelKey(value)}
              renderOption={({ option }) => {
                const l = levels.find((x) => x.key === option.value);
                return (
                  <Group gap={6} wrap="nowrap" pl={l?.kind === 'sheet' ? 'md' : 0} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate="end">
                      {l?.kind === 'sheet' ? option.label.split(' › ').slice(1).join(' › ') : option.label}
                    </Text>
                    {l && l.kind !== 'project' ? (
                      <Badge size="xs" variant="light" color={l.kind === 'file' ? 'blue' : 'gray'}>
                        {KIND_LABEL[l.kind]}
                      </Badge>
                    ) : null}
                    {edited.has(option.value) ? (
                      <Badge size="xs" variant="dot" color="orange">
                        Edited
                      </Badge>
                    ) : null}
                  </Group>
                );
              }}
              comboboxProps={{ withinPortal: true }}
            />
            <Text size="sm" c="dimmed">
              {LEVEL_HELP[level.kind]}
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
                placeholder={fallback[key]}
                maxLength={TEXT_MAX}
                disabled={saving}
                value={current[key]}
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  setValues((v) => ({
                    ...v,
                    [level.key]: { ...EMPTY_WORDING, ...(v[level.key] ?? current), [key]: next },
                  }));
                }}
              />
            ))}
            <Group justify="space-between" gap="sm" mt="xs">
              <Text size="xs" c="dimmed">
                {edited.size > 1 ? `${edited.size} levels changed` : ''}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={close} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" loading={saving} disabled={!changed || tooLong || saving}>
                  Save
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
