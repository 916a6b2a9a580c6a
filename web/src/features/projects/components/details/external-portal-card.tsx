import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Project } from '@shared/schemas/project';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { SectionCard } from '@/features/projects/components/dashboard/section-card';
import { externalHref } from '@/features/projects/utils/project-links';

export interface ExternalPortalCardProps {
  project: Project;
  /** Opens Update Portal Details; absent for those who may not change it. */
  onEdit?: () => void;
}

/** External Portal (spec 001 §2): shown only when the project has a portal link; the link and its notes. */
export function ExternalPortalCard({ project, onEdit }: ExternalPortalCardProps) {
  const url = project.thirdPartyProjectUrl;
  if (!url) return null;
  return (
    <SectionCard
      title="External Portal"
      actions={
        onEdit ? (
          <Tooltip label="Update Portal Details" withArrow>
            <ActionIcon variant="subtle" color="gray" aria-label="Update Portal Details" onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null
      }
    >
      <Stack gap="sm">
        <Anchor
          href={externalHref(url)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ wordBreak: 'break-all' }}
        >
          <Group gap={6} wrap="nowrap" align="flex-start" component="span">
            <IconExternalLink size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <span>{url}</span>
          </Group>
        </Anchor>
        {project.thirdPartyProjectNotes ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {project.thirdPartyProjectNotes}
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
