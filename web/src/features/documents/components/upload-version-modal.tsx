import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { LibraryDocument } from '@shared/schemas/document';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { DocumentExpiryInput } from '@/components/document-expiry-input';
import { DocumentFilePicker } from '@/components/document-file-picker';
import { useCompleteDocument } from '@/features/documents/api/complete-document';
import { useUploadDocumentVersion } from '@/features/documents/api/upload-document-version';
import {
  type DocumentUploadStep,
  documentFileProblem,
  documentUploadErrorText,
  UPLOAD_STEP_TEXT,
  uploadDocumentFile,
} from '@/lib/documents';
import { notifyError, notifySuccess } from '@/lib/notify';
import { uploadFile } from '@/lib/upload';

/**
 * Upload new version (MANAGE_ANSWER_LIBRARY): a new file for the document, usually a renewed
 * certificate, with its new expiry date if it has one. The earlier files stay in the History.
 */
export function UploadVersionModal({
  document,
  onClose,
}: {
  document: LibraryDocument | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={
        <Text fw={700} size="lg">
          Upload new version
        </Text>
      }
      centered
      size="md"
    >
      {document ? <VersionForm key={document.documentId} document={document} onClose={onClose} /> : null}
    </Modal>
  );
}

function VersionForm({ document, onClose }: { document: LibraryDocument; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState<string | null>(document.expiresOn ?? null);
  const [step, setStep] = useState<DocumentUploadStep | null>(null);
  const start = useUploadDocumentVersion();
  const complete = useCompleteDocument();
  const problem = file ? documentFileProblem(file) : null;
  const busy = step !== null;
  const expiryChanged = expiresOn !== (document.expiresOn ?? null);

  const upload = async () => {
    if (!file || problem || busy) return;
    try {
      await uploadDocumentFile(
        file,
        {
          start: (info) =>
            start.mutateAsync({
              documentId: document.documentId,
              ...info,
              ...(expiryChanged ? { expiresOn } : {}),
            }),
          send: (presigned, blob) => uploadFile(presigned, blob),
          complete: (documentId) => complete.mutateAsync({ documentId }),
        },
        setStep,
      );
      setStep(null);
      notifySuccess(`A new version of ${document.documentName} has been uploaded`);
      onClose();
    } catch (error) {
      setStep(null);
      notifyError(documentUploadErrorText(error));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The new file replaces <b>{document.fileName}</b> wherever <b>{document.documentName}</b> is attached.
        Earlier files stay in its history.
      </Text>
      <DocumentFilePicker file={file} onChange={setFile} busyText={step ? UPLOAD_STEP_TEXT[step] : null} />
      <DocumentExpiryInput
        label="New Expiry Date"
        description="Optional. Leave it as it is, change it for a renewed document, or clear it."
        value={expiresOn}
        onChange={setExpiresOn}
        disabled={busy}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          leftSection={<IconUpload size={16} />}
          disabled={!file || !!problem}
          loading={busy}
          onClick={() => void upload()}
        >
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
