import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DocumentUploadForm } from '@/components/document-upload-form';
import { notifySuccess } from '@/lib/notify';
import { useCompleteDocument } from '../../api/complete-document';
import { createDocument } from '../../api/create-document';
import { useDocumentTypes } from '../../api/list-document-types';

/**
 * The file upload dialog for a question (spec 001 §2): the Document Library's upload form; the new
 * document joins the library and is attached to this question at once.
 */
export function UploadFileDialog({
  projectId,
  questionId,
  opened,
  onClose,
}: {
  projectId: string;
  questionId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const types = useDocumentTypes(opened);
  const complete = useCompleteDocument();
  const [busy, setBusy] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => (busy ? undefined : onClose())}
      title={
        <Text fw={700} size="lg">
          Upload File
        </Text>
      }
      centered
      size="md"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy && !pickerOpen}
      withCloseButton={!busy}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The file is added to your Document Library and attached to this question.
        </Text>
        <DocumentUploadForm
          types={types}
          createDocument={createDocument}
          completeDocument={(documentId) => complete.mutateAsync({ documentId, projectId, questionId })}
          onUploaded={(document) => {
            notifySuccess(`${document.documentName} has been attached`);
            onClose();
          }}
          onCancel={onClose}
          onBusyChange={setBusy}
          onPickerChange={setPickerOpen}
        />
      </Stack>
    </Modal>
  );
}
