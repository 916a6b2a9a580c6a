import {
  ActionIcon,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import type { PROJECT_OUTCOMES, Project } from '@shared/schemas/project';
import { IconCircleCheck, IconCircleX, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateProject } from '@/features/projects/api/update-project';
import { SectionCard } from '@/features/projects/components/dashboard/section-card';
import { UPDATE_PROJECT_ERROR } from '@/features/projects/utils/messages';
import { notifyError } from '@/lib/notify';

type Outcome = (typeof PROJECT_OUTCOMES)[number];

/** The two outcomes of a questionnaire review (spec 001 leaves their names to us). */
export const OUTCOME_LABELS: Record<Outcome, string> = { PASSED: 'Passed review', FAILED: 'Failed review' };
const OUTCOME_COLORS: Record<Outcome, string> = { PASSED: 'teal', FAILED: 'red' };
const REASON_MAX = 1000;
const NONE = 'NONE';

export interface OutcomesCardProps {
  project: Project;
  canEdit: boolean;
}

/** Outcomes (spec 001 §2): how the customer's review of the questionnaire ended, and why. */
export function OutcomesCard({ project, canEdit }: OutcomesCardProps) {
  const update = useUpdateProject();
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<string>(project.projectOutcome ?? NONE);
  const [reason, setReason] = useState(project.projectOutcomeReason ?? '');
  const saving = update.isPending;
  const stored = project.projectOutcome;

  const start = () => {
    setOutcome(project.projectOutcome ?? NONE);
    setReason(project.projectOutcomeReason ?? '');
    setEditing(true);
  };
  const changed =
    outcome !== (stored ?? NONE) || reason.trim() !== (project.projectOutcomeReason ?? '').trim();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!changed || saving) return;
    try {
      await update.mutateAsync({
        projectId: project.projectId,
        changes: {
          projectOutcome: outcome === NONE ? null : (outcome as Outcome),
          projectOutcomeReason: outcome === NONE ? '' : reason.trim(),
        },
      });
      setEditing(false);
    } catch {
      notifyError(UPDATE_PROJECT_ERROR);
    }
  };

  return (
    <SectionCard
      title="Outcomes"
      actions={
        canEdit && !editing && stored ? (
          <Tooltip label="Edit outcome" withArrow>
            <ActionIcon variant="subtle" color="gray" aria-label="Edit outcome" onClick={start}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null
      }
    >
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SegmentedControl
              fullWidth
              size="xs"
              aria-label="Outcome"
              value={outcome}
              onChange={setOutcome}
              disabled={saving}
              data={[
                { value: NONE, label: 'None yet' },
                { value: 'PASSED', label: OUTCOME_LABELS.PASSED },
                { value: 'FAILED', label: OUTCOME_LABELS.FAILED },
              ]}
            />
            <Textarea
              label="Reason"
              placeholder={
                outcome === NONE
                  ? 'Choose an outcome first'
                  : 'e.g. Accepted with one follow-up on key rotation'
              }
              autosize
              minRows={3}
              maxRows={8}
              maxLength={REASON_MAX}
              value={reason}
              disabled={saving || outcome === NONE}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="xs" onClick={() => setEditing(false)} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" size="xs" loading={saving} disabled={!changed || saving}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      ) : stored ? (
        <Stack gap="xs" align="flex-start">
          <Badge
            size="lg"
            radius="sm"
            variant="light"
            color={OUTCOME_COLORS[stored]}
            leftSection={stored === 'PASSED' ? <IconCircleCheck size={14} /> : <IconCircleX size={14} />}
          >
            {OUTCOME_LABELS[stored]}
          </Badge>
          <Text
            size="sm"
            c={project.projectOutcomeReason ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {project.projectOutcomeReason || 'No reason given.'}
          </Text>
        </Stack>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            No outcome recorded yet.
          </Text>
          {canEdit ? (
            <Button variant="light" size="xs" onClick={start}>
              Record outcome
            </Button>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}
