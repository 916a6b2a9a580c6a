import { Alert, Anchor, Badge, Center, Group, Loader, Modal, Table, Text } from '@mantine/core';
import type { LibraryDocument } from '@shared/schemas/document';
import { UserAvatar } from '@/components/user-avatar';
import { useDocumentVersions } from '@/features/documents/api/list-document-versions';
import type { Person } from '@/features/documents/api/list-team-members';
import { formatAddedDate, fullDateTime } from '@/lib/dates';
import { formatBytes } from '@/lib/documents';

export const HISTORY_ERROR = 'There was an error retrieving the history of that document';

/** History: every file the document has had, newest first, with who uploaded it, when, and a link. */
export function DocumentHistoryModal({
  document,
  people,
  onClose,
}: {
  document: LibraryDocument | null;
  people: Map<string, Person>;
  onClose: () => void;
}) {
  const versions = useDocumentVersions(document?.documentId ?? null);
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={
        <Text fw={700} size="lg" lineClamp={1}>
          History · {document?.documentName}
        </Text>
      }
      centered
      size="xl"
    >
      {versions.isError ? (
        <Alert color="red" variant="light">
          {HISTORY_ERROR}
        </Alert>
      ) : versions.isPending ? (
        <Center py="lg" role="status" aria-label="Loading the history">
          <Loader size="sm" />
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={8} aria-label="Versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File Name</Table.Th>
                <Table.Th>Uploaded By</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.map((version) => {
                const person = people.get(version.uploadedByUserId);
                const name = person?.fullName ?? 'Former member';
                return (
                  <Table.Tr key={version.fileVersion}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor href={version.accessUrl} target="_blank" rel="noopener" size="sm">
                          {version.fileName}
                        </Anchor>
                        {version.fileVersion === document?.fileVersion ? (
                          <Badge size="xs" variant="light" color="teal">
                            Current
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={8} wrap="nowrap">
                        <UserAvatar fullName={name} photo={person?.photo} size={24} />
                        <Text size="sm">{name}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        title={fullDateTime(version.createdAt)}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {formatAddedDate(version.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatBytes(version.size)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
