import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AttachedDocument } from '@shared/schemas/document';
import { IconFileText } from '@tabler/icons-react';
import { DocumentExpiryBadge } from '@/components/document-expiry-badge';

/**
 * An attached document as the question's Documents tab and the project's attachment dialogs show
 * it: an icon, the name with its expiry badge, and the file opening in a new tab. The caller puts
 * it in a row beside its own actions.
 */
export function AttachedDocumentSummary({
  attachment,
}: {
  attachment: Pick<AttachedDocument, 'document' | 'accessUrl'>;
}) {
  const { document } = attachment;
  return (
    <>
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
    </>
  );
}
