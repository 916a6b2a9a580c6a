import { Alert, Anchor, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useCheckConsistency } from '@/features/projects/api/check-consistency';
import { useConsistency } from '@/features/projects/api/get-consistency';
import { findingsLabel } from './consistency-card';

/**
 * The export dialog's consistency line: the check runs when the dialog opens, and the count of open
 * findings is shown with a link to them. The export is never blocked: the user may continue.
 */
export function ConsistencyNote({
  projectId,
  opened,
  onShow,
}: {
  projectId: string;
  opened: boolean;
  onShow?: () => void;
}) {
  const check = useCheckConsistency();
  const report = useConsistency(projectId, { enabled: opened }).data;
  const { mutate } = check;
  useEffect(() => {
    if (opened) mutate({ projectId });
  }, [opened, projectId, mutate]);

  if (check.isPending && !report?.checkedAt) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking the answers for contradictions…
        </Text>
      </Group>
    );
  }
  if (!report?.checkedAt || report.openCount === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      data-testid="export-consistency"
      p="sm"
    >
      <Text size="sm">
        {onShow ? (
          <Anchor component="button" type="button" size="sm" fw={600} onClick={onShow}>
            {findingsLabel(report.openCount)}
          </Anchor>
        ) : (
          <Text span fw={600} size="sm">
            {findingsLabel(report.openCount)}
          </Text>
        )}
        : some answers contradict each other or the library. You can still export.
      </Text>
    </Alert>
  );
}
