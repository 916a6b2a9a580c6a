import {
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  CONSISTENCY_MESSAGES,
  type ConsistencyFinding,
  DISMISS_REASON_MAX,
  type FindingSide,
} from '@shared/schemas/consistency';
import { IconAlertTriangle, IconChecks, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCheckConsistency } from '@/features/projects/api/check-consistency';
import { useDismissFinding } from '@/features/projects/api/dismiss-finding';
import { useConsistency } from '@/features/projects/api/get-consistency';
import { SectionCard } from '@/features/projects/components/dashboard/section-card';
import { projectDashboardPath } from '@/features/projects/utils/paths';
import { isApiError } from '@/lib/api-client';
import { relativeTime } from '@/lib/dates';
import { notifyError } from '@/lib/notify';

/** Where the dashboard's consistency card is, for the export dialog's link to it. */
export const CONSISTENCY_CARD_ID = 'consistency-findings';
export const CHECK_ERROR = 'The consistency check could not run. Please try again.';
export const DISMISS_ERROR = 'The finding could not be dismissed. Please try again.';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
export const findingsLabel = (n: number) => plural(n, 'consistency finding', 'consistency findings');

/** One side of a finding: the question (a link to it on the answering screen) or the library's answer. */
function Side({ projectId, side }: { projectId: string; side: FindingSide }) {
  const label = side.questionId ? (
    <Anchor
      component={Link}
      to={`${projectDashboardPath(projectId)}/${encodeURIComponent(side.questionId)}`}
      size="sm"
      fw={600}
    >
      {side.referenceNumber ? `${side.referenceNumber} · ` : ''}
      {side.question}
    </Anchor>
  ) : (
    <Text size="sm" fw={600}>
      Library answer to “{side.question}”
    </Text>
  );
  return (
    <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
      {label}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        “{side.phrase}”
      </Text>
    </Stack>
  );
}

function FindingRow({
  projectId,
  finding,
  canDismiss,
  onDismiss,
}: {
  projectId: string;
  finding: ConsistencyFinding;
  canDismiss: boolean;
  onDismiss: (finding: ConsistencyFinding) => void;
}) {
  const dismissed = finding.status === 'DISMISSED';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="consistency-finding" data-status={finding.status}>
      <Group justify="space-between" align="center" mb={6} gap="xs">
        <Group gap={6}>
          <Badge variant="light" color={dismissed ? 'gray' : 'orange'}>
            {finding.concept}
          </Badge>
          <Text size="xs" c="dimmed">
            {finding.kind === 'LIBRARY' ? 'Contradicts the library' : 'Two answers contradict'}
          </Text>
        </Group>
        {!dismissed && canDismiss ? (
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onDismiss(finding)}>
            Dismiss
          </Button>
        ) : null}
      </Group>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Side projectId={projectId} side={finding.a} />
        <Side projectId={projectId} side={finding.b} />
      </Group>
      {dismissed ? (
        <Text size="xs" c="dimmed" mt={6}>
          Dismissed{finding.dismissedAt ? ` ${relativeTime(finding.dismissedAt)}` : ''}:{' '}
          {finding.dismissedReason}
        </Text>
      ) : null}
    </Paper>
  );
}

function DismissModal({
  projectId,
  finding,
  onClose,
}: {
  projectId: string;
  finding: ConsistencyFinding | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dismiss = useDismissFinding();
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!finding) return;
    const trimmed = reason.trim();
    if (!trimmed) return setError(CONSISTENCY_MESSAGES.reason);
    if (trimmed.length > DISMISS_REASON_MAX) return setError(CONSISTENCY_MESSAGES.reasonTooLong);
    dismiss.mutate(
      { projectId, findingId: finding.findingId, reason: trimmed },
      {
        onSuccess: close,
        onError: (e) => notifyError(isApiError(e) ? e.message : DISMISS_ERROR),
      },
    );
  };
  return (
    <Modal opened={finding !== null} onClose={close} title="Dismiss finding" centered>
      <Stack gap="sm">
        <Text size="sm">
          Say why these answers can both stand. The reason is kept in the activity of{' '}
          {finding?.kind === 'PAIR' ? 'both questions' : 'the question'}.
        </Text>
        <Textarea
          label="Reason"
          autosize
          minRows={3}
          maxLength={DISMISS_REASON_MAX}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={dismiss.isPending}>
            Dismiss finding
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The consistency check (issue 28 part 3): "Check consistency" compares the project's answers with
 * each other and with the library's approved answers; each finding names both questions, links to
 * them, and can be dismissed with a reason. Findings refresh live as answers change.
 */
export function ConsistencyCard({ projectId, canAnswer }: { projectId: string; canAnswer: boolean }) {
  const report = useConsistency(projectId).data;
  const check = useCheckConsistency();
  const [dismissing, setDismissing] = useState<ConsistencyFinding | null>(null);
  const [showDismissed, setShowDismissed] = useState(false);
  const open = report?.findings.filter((f) => f.status === 'OPEN') ?? [];
  const dismissed = report?.findings.filter((f) => f.status === 'DISMISSED') ?? [];

  const run = () =>
    check.mutate({ projectId }, { onError: (e) => notifyError(isApiError(e) ? e.message : CHECK_ERROR) });

  let status: React.ReactNode;
  if (!report?.checkedAt) {
    status = (
      <Text size="sm" c="dimmed">
        Compares the answers with each other and with the library’s approved answers, and lists the ones that
        contradict before a customer’s reviewer finds them.
      </Text>
    );
  } else if (!open.length) {
    status = (
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon variant="light" color="teal" radius="xl" size="sm" aria-hidden>
          <IconChecks size={14} />
        </ThemeIcon>
        <Text size="sm" data-testid="consistency-status">
          {dismissed.length
            ? `No open findings (${dismissed.length.toLocaleString('en')} dismissed).`
            : 'No contradictions found.'}{' '}
          Checked {relativeTime(report.checkedAt)}.
        </Text>
      </Group>
    );
  } else {
    status = (
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon variant="light" color="orange" radius="xl" size="sm" aria-hidden>
          <IconAlertTriangle size={14} />
        </ThemeIcon>
        <Text size="sm" data-testid="consistency-status">
          {findingsLabel(open.length)} to review. Checked {relativeTime(report.checkedAt)}.
        </Text>
      </Group>
    );
  }

  return (
    <div id={CONSISTENCY_CARD_ID} style={{ scrollMarginTop: 80 }}>
      <SectionCard
        title="Consistency"
        description="Answers that contradict each other or the library"
        actions={
          <Tooltip label="You need permission to read answers" disabled={canAnswer || Boolean(report)}>
            <Button size="xs" leftSection={<IconScale size={14} />} onClick={run} loading={check.isPending}>
              Check consistency
            </Button>
          </Tooltip>
        }
      >
        <Stack gap="sm">
          {status}
          {open.map((finding) => (
            <FindingRow
              key={finding.findingId}
              projectId={projectId}
              finding={finding}
              canDismiss={canAnswer}
              onDismiss={setDismissing}
            />
          ))}
          {dismissed.length ? (
            <div>
              <Button
                variant="subtle"
                size="compact-xs"
                color="gray"
                onClick={() => setShowDismissed((v) => !v)}
              >
                {showDismissed ? 'Hide' : 'Show'}{' '}
                {plural(dismissed.length, 'dismissed finding', 'dismissed findings')}
              </Button>
              <Collapse expanded={showDismissed}>
                <Stack gap="sm" mt="xs">
                  {dismissed.map((finding) => (
                    <FindingRow
                      key={finding.findingId}
                      projectId={projectId}
                      finding={finding}
                      canDismiss={false}
                      onDismiss={setDismissing}
                    />
                  ))}
                </Stack>
              </Collapse>
            </div>
          ) : null}
        </Stack>
      </SectionCard>
      <DismissModal projectId={projectId} finding={dismissing} onClose={() => setDismissing(null)} />
    </div>
  );
}
