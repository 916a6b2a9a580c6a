import { ActionIcon, Anchor, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { AttachedDocument } from '@shared/schemas/document';
import { IconFileText, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DocumentExpiryBadge } from '@/components/document-expiry-badge';

/** A document as the attachment dialogs show it: name, expiry badge, the file (new tab), extra detail, Remove. */
export function AttachedFile({
  attachment,
  detail,
  removing,
  onRemove,
}: {
  attachment: Pick<AttachedDocument, 'document' | 'accessUrl'>;
  detail?: ReactNode;
  removing?: boolean;
  /** Absent for those who may not remove it. */
  onRemove?: () => void;
}) {
  const { document } = attachment;
  return (
    <Group wrap="nowrap" gap="sm" py={8} px="sm">
      <ThemeIcon variant="light" color="gray" radius="md" size={32} aria-hidden>
        <IconFileText size={18} />
      </ThemeIcon>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate="end">
            {document.documentName}
          </Text>
          <DocumentExpiryBadge document={document} />
        </Group>
        <Anchor
          href={attachment.accessUrl}
          target="_blank"
          rel="noopener"
          size="xs"
          truncate="end"
          title={document.fileName}
        >
          {document.fileName}
        </Anchor>
      </Stack>
      {detail}
      {onRemove ? (
        <Tooltip label="Remove" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove ${document.documentName}`}
            loading={removing}
            onClick={onRemove}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
