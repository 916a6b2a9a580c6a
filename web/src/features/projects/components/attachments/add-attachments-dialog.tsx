import { Alert, Anchor, Button, Center, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { DOCUMENT_MESSAGES } from '@shared/schemas/document';
import { IconArrowLeft, IconFiles, IconUpload } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { DocumentPicker } from '@/components/document-picker';
import { DocumentUploadForm } from '@/components/document-upload-form';
import { useAttachProjectDocument } from '@/features/projects/api/attach-project-document';
import { useCompleteDocument } from '@/features/projects/api/complete-document';
import { createDocument } from '@/features/projects/api/create-document';
import { useDocumentTypes } from '@/features/projects/api/list-document-types';
import { useLibraryDocuments } from '@/features/projects/api/list-library-documents';
import { useProjectDocuments } from '@/features/projects/api/list-project-documents';
import { useRemoveProjectDocument } from '@/features/projects/api/remove-project-document';
import { LIBRARY_DOCUMENTS_ERROR } from '@/features/projects/utils/messages';
import { useErrorToast } from '@/hooks/use-error-toast';
import { attachableDocuments } from '@/lib/documents';
import { notifyError, notifySuccess } from '@/lib/notify';
import { AttachedFile } from './attached-file';

export interface AddAttachmentsDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** Opens Project Files (every file of the project, questions included). */
  onOpenFiles: () => void;
}

/**
 * Add Attachments (spec 001 §2, §7): the documents attached to the project itself. Attach one of
 * the Document Library's available documents, or Add File: upload a new one, which joins the library
 * and the project at once. Remove takes one off the project (its questions keep theirs).
 */
export function AddAttachmentsDialog({ projectId, opened, onClose, onOpenFiles }: AddAttachmentsDialogProps) {
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const attached = useProjectDocuments(projectId, { enabled: opened });
  const library = useLibraryDocuments({ enabled: opened });
  const types = useDocumentTypes({ enabled: opened && uploading });
  const attach = useAttachProjectDocument();
  const remove = useRemoveProjectDocument();
  const complete = useCompleteDocument();
  useErrorToast(attached.isError, attached.errorUpdatedAt, DOCUMENT_MESSAGES.attachedError);
  useErrorToast(library.isError, library.errorUpdatedAt, LIBRARY_DOCUMENTS_ERROR);

  const items = attached.data ?? [];
  const choices = attachableDocuments(library.data ?? [], items);
  const removingId = remove.isPending ? remove.variables?.questionDocumentId : undefined;

  const close = () => {
    if (busy) return;
    setUploading(false);
    onClose();
  };
  const add = (documentId: string) =>
    attach.mutate({ projectId, documentId }, { onError: () => notifyError(DOCUMENT_MESSAGES.attachError) });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={700} size="lg">
          Add Attachments
        </Text>
      }
      centered
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy && !pickerOpen}
      withCloseButton={!busy}
    >
      {uploading ? (
        <Stack gap="md">
          <Group gap="xs">
            <Anchor component="button" type="button" size="sm" onClick={() => !busy && setUploading(false)}>
              <Group gap={4}>
                <IconArrowLeft size={14} />
                Back to the attachments
              </Group>
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed">
            Add File: the file joins your Document Library and is attached to this project.
          </Text>
          <DocumentUploadForm
            types={types}
            createDocument={createDocument}
            completeDocument={(documentId) => complete.mutateAsync({ documentId, projectId })}
            onUploaded={(document) => {
              notifySuccess(`${document.documentName} has been attached`);
              setUploading(false);
            }}
            onCancel={() => setUploading(false)}
            onBusyChange={setBusy}
            onPickerChange={setPickerOpen}
          />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Documents attached to the project support the whole questionnaire. Attach them from your Document
            Library, or add a new file.
          </Text>
          <Group gap="xs" wrap="wrap" align="flex-end">
            <DocumentPicker
              documents={choices}
              libraryEmpty={(library.data?.length ?? 0) === 0}
              loading={library.isPending}
              disabled={library.isError || attach.isPending}
              placeholder="Attach a document from the library"
              onPick={add}
            />
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setUploading(true)}
            >
              Add File
            </Button>
          </Group>
          {attached.isError ? (
            <Alert color="red" variant="light">
              {DOCUMENT_MESSAGES.attachedError}
            </Alert>
          ) : attached.isPending ? (
            <Center py="lg">
              <Loader size="sm" />
            </Center>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              No documents are attached to this project yet.
            </Text>
          ) : (
            <Stack
              gap={0}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              aria-label="Project attachments"
            >
              {items.map((attachment, i) => (
                <Fragment key={attachment.link.questionDocumentId}>
                  {i > 0 ? <Divider component="li" aria-hidden /> : null}
                  <li>
                    <AttachedFile
                      attachment={attachment}
                      removing={removingId === attachment.link.questionDocumentId}
                      onRemove={() =>
                        remove.mutate(
                          {
                            projectId,
                            documentId: attachment.document.documentId,
                            questionDocumentId: attachment.link.questionDocumentId,
                          },
                          { onError: () => notifyError(DOCUMENT_MESSAGES.removeError) },
                        )
                      }
                    />
                  </li>
                </Fragment>
              ))}
            </Stack>
          )}
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" leftSection={<IconFiles size={16} />} onClick={onOpenFiles}>
              Project Files
            </Button>
            <Button variant="default" onClick={close}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
