import { Anchor, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { DocumentType, LibraryDocument } from '@shared/schemas/document';
import { DocumentExpiryBadge } from '@/components/document-expiry-badge';
import { UserAvatar } from '@/components/user-avatar';
import type { Person } from '@/features/documents/api/list-team-members';
import { fullDateTime, relativeTime } from '@/lib/dates';
import { type DocumentAction, DocumentRowActions } from './document-row-actions';
import classes from './documents.module.css';

export interface DocumentsTableProps {
  documents: readonly LibraryDocument[];
  people: Map<string, Person>;
  types: readonly DocumentType[];
  canManage: boolean;
  /** The document whose Archive or Make Available is on its way. */
  busyId: string | null;
  onAction: (document: LibraryDocument, action: DocumentAction) => void;
}

/**
 * The library's list (spec 002 §2.3): Added By (avatar), Last Updated (relative time), Document
 * (name, type and expiry badge), File Name (opens the file in a new tab) and the row's actions.
 */
export function DocumentsTable({
  documents,
  people,
  types,
  canManage,
  busyId,
  onAction,
}: DocumentsTableProps) {
  const typeName = new Map(types.map((t) => [t.documentTypeId, t.documentName]));
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table className={classes.table} verticalSpacing={10} highlightOnHover aria-label="Documents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90} visibleFrom="sm">
              Added By
            </Table.Th>
            <Table.Th w={140} visibleFrom="sm">
              Last Updated
            </Table.Th>
            <Table.Th>Document</Table.Th>
            <Table.Th>File Name</Table.Th>
            <Table.Th w={170}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((document) => {
            const person = people.get(document.createdByUserId);
            const name = person?.fullName ?? 'Former member';
            const type = typeName.get(document.documentTypeId);
            return (
              <Table.Tr key={document.documentId}>
                <Table.Td visibleFrom="sm">
                  <Tooltip label={name} withArrow>
                    <span style={{ display: 'inline-block' }}>
                      <UserAvatar fullName={name} photo={person?.photo} size={28} />
                    </span>
                  </Tooltip>
                </Table.Td>
                <Table.Td className={classes.nowrap} visibleFrom="sm">
                  <Text size="sm" c="dimmed" title={fullDateTime(document.updatedAt)}>
                    {relativeTime(document.updatedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={600} lineClamp={2} miw={120}>
                        {document.documentName}
                      </Text>
                      <DocumentExpiryBadge document={document} />
                    </Group>
                    {type && type !== document.documentName ? (
                      <Text size="xs" c="dimmed">
                        {type}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    href={document.accessUrl}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    className={classes.fileName}
                    title={document.fileName}
                  >
                    {document.fileName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <DocumentRowActions
                    document={document}
                    canManage={canManage}
                    busy={busyId === document.documentId}
                    onAction={(action) => onAction(document, action)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
