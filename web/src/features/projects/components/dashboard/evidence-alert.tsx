import { Alert, Button, Group, Text } from '@mantine/core';
import type { ProjectDashboard } from '@shared/schemas/project';
import { IconFileAlert } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { questionnairePath } from '@/features/projects/utils/project-links';

/**
 * Questions whose supporting documents expired (the document library's expiry): shown while any
 * remain, with a link to the questionnaire filtered to them. Saving an answer clears its flag.
 */
export function EvidenceAlert({ dashboard }: { dashboard: ProjectDashboard }) {
  const count = dashboard.evidenceExpired;
  if (!count) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconFileAlert size={20} />} aria-label="Expired evidence">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          <Text span fw={600} inherit>
            Expired evidence.{' '}
          </Text>
          {count === 1 ? '1 question cites' : `${count.toLocaleString('en')} questions cite`} a document that
          has expired. Review {count === 1 ? 'its answer' : 'their answers'} or attach the renewed document.
        </Text>
        <Button
          component={Link}
          to={questionnairePath(dashboard.project.projectId, 'EVIDENCE-EXPIRED')}
          size="xs"
          variant="light"
          color="yellow"
        >
          Review questions
        </Button>
      </Group>
    </Alert>
  );
}
