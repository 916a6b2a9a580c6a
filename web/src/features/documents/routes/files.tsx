import { Alert, Button, Center, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { DOCUMENT_MESSAGES, type LibraryDocument } from '@shared/schemas/document';
import { IconArchive, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { useArchiveDocument } from '@/features/documents/api/archive-document';
import { useDocumentTypes } from '@/features/documents/api/list-document-types';
import { useAllDocuments } from '@/features/documents/api/list-documents';
import { usePeople } from '@/features/documents/api/list-team-members';
import { useReinstateDocument } from '@/features/documents/api/reinstate-document';
import { DocumentHistoryModal } from '@/features/documents/components/document-history-modal';
import type { DocumentAction } from '@/features/documents/components/document-row-actions';
import classes from '@/features/documents/components/documents.module.css';
import { DocumentsTable } from '@/features/documents/components/documents-table';
import { EditDocumentModal } from '@/features/documents/components/edit-document-modal';
import { EmptyLibrary, NothingHere } from '@/features/documents/components/empty-states';
import { UploadTab } from '@/features/documents/components/upload-tab';
import { UploadVersionModal } from '@/features/documents/components/upload-version-modal';
import { useErrorToast } from '@/hooks/use-error-toast';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';

type Tab = 'available' | 'archived' | 'upload';
type Open = { document: LibraryDocument; kind: 'new-version' | 'edit' | 'history' } | null;

/**
 * /Files, the Document Library (spec 002 §2.3, §4, §5, §8): tabs Available, Archived and Upload;
 * the list with Added By, Last Updated, Document, File Name and Archive or Make Available; the
 * upload form. Managers (MANAGE_ANSWER_LIBRARY) also upload new versions and edit a document;
 * anyone sees its history. Another member's change arrives live (DOCUMENTS_UPDATED).
 */
export default function FilesRoute() {
  const permissions = usePermissions();
  const canManage = permissions.data?.MANAGE_ANSWER_LIBRARY === true;
  const canUpload = permissions.data?.ANSWER_QUESTION === true;
  const [tab, setTab] = useState<Tab>('available');
  const [open, setOpen] = useState<Open>(null);
  const documents = useAllDocuments();
  const types = useDocumentTypes();
  const people = usePeople();
  const archive = useArchiveDocument();
  const reinstate = useReinstateDocument();
  useErrorToast(documents.isError, documents.errorUpdatedAt, DOCUMENT_MESSAGES.listError);

  const all = documents.data ?? [];
  const available = all.filter((d) => d.documentStatus === 'UPLOADED');
  const archived = all.filter((d) => d.documentStatus === 'DEACTIVE');
  const shown = tab === 'archived' ? archived : available;
  const busyId = archive.isPending
    ? (archive.variables ?? null)
    : reinstate.isPending
      ? (reinstate.variables ?? null)
      : null;

  const act = (document: LibraryDocument, action: DocumentAction) => {
    if (action === 'archive')
      archive.mutate(document.documentId, {
        onSuccess: () => notifySuccess(`${document.documentName} archived`),
        onError: () => notifyError(DOCUMENT_MESSAGES.archiveError),
      });
    else if (action === 'reinstate')
      reinstate.mutate(document.documentId, {
        onSuccess: () => notifySuccess(`${document.documentName} is available again`),
        onError: () => notifyError(DOCUMENT_MESSAGES.reinstateError),
      });
    else setOpen({ document, kind: action });
  };
  const openOf = (kind: NonNullable<Open>['kind']) => (open?.kind === kind ? open.document : null);
  const upload = () => setTab('upload');

  const list = () => {
    if (documents.isError)
      return (
        <Alert color="red" variant="light" m="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{DOCUMENT_MESSAGES.listError}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void documents.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      );
    if (documents.isPending)
      return (
        <Center p="xl" role="status" aria-label="Loading documents">
          <Loader size="sm" />
        </Center>
      );
    if (all.length === 0) return <EmptyLibrary onUpload={canUpload ? upload : undefined} />;
    if (shown.length === 0)
      return tab === 'archived' ? (
        <NothingHere icon={<IconArchive size={24} />} title="No archived documents">
          Archived documents leave the Available list and cannot be attached until they are made available
          again.
        </NothingHere>
      ) : (
        <NothingHere icon={<IconFileText size={24} />} title="No available documents">
          Every document is archived. Make one available from the Archived tab, or upload a new one.
        </NothingHere>
      );
    return (
      <DocumentsTable
        documents={shown}
        people={people}
        types={types.data ?? []}
        canManage={canManage}
        busyId={busyId}
        onAction={act}
      />
    );
  };

  return (
    <Stack component="main" p={{ base: 'md', sm: 'lg' }} gap="lg" maw={1440}>
      <Stack gap={2}>
        <PageTitle title="Document Library" />
        <Text size="sm" c="dimmed">
          The evidence your team attaches to questionnaires: reports, certificates and policies.
        </Text>
      </Stack>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
          <Tabs.List className={classes.tabs}>
            <Tabs.Tab value="available">Available</Tabs.Tab>
            <Tabs.Tab value="archived">Archived</Tabs.Tab>
            {canUpload ? <Tabs.Tab value="upload">Upload</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="available">{list()}</Tabs.Panel>
          <Tabs.Panel value="archived">{list()}</Tabs.Panel>
          {canUpload ? (
            <Tabs.Panel value="upload">
              <UploadTab types={types} onUploaded={() => setTab('available')} />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      </Paper>

      <UploadVersionModal document={openOf('new-version')} onClose={() => setOpen(null)} />
      <EditDocumentModal document={openOf('edit')} types={types.data ?? []} onClose={() => setOpen(null)} />
      <DocumentHistoryModal document={openOf('history')} people={people} onClose={() => setOpen(null)} />
    </Stack>
  );
}
