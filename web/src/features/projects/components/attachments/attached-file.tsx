import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { AttachedDocument } from '@shared/schemas/document';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AttachedDocumentSummary } from '@/components/attached-document-summary';

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
      <AttachedDocumentSummary attachment={attachment} />
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
