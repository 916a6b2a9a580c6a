import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { RouteBody } from '@shared/routes';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_NAME_MAX,
  type DocumentType,
  type LibraryDocument,
} from '@shared/schemas/document';
import { useState } from 'react';
import { DocumentExpiryInput } from '@/components/document-expiry-input';
import { RequiredLabel } from '@/components/required-label';
import { useUpdateDocument } from '@/features/documents/api/update-document';
import { isApiError } from '@/lib/api-client';
import type { DocumentTypeId } from '@/lib/documents';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';

export const UPDATE_ERROR = 'There was an error updating that document';
export const UPDATE_CONFLICT =
  'Someone else changed this document first. Its latest details have been loaded.';

/** Edit (MANAGE_ANSWER_LIBRARY): a document's name, type and expiry date; only what changed is sent. */
export function EditDocumentModal({
  document,
  types,
  onClose,
}: {
  document: LibraryDocument | null;
  types: readonly DocumentType[];
  onClose: () => void;
}) {
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={
        <Text fw={700} size="lg">
          Edit Document
        </Text>
      }
      centered
      size="md"
    >
      {document ? (
        <EditForm
          key={`${document.documentId}:${document.version}`}
          document={document}
          types={types}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function EditForm({
  document,
  types,
  onClose,
}: {
  document: LibraryDocument;
  types: readonly DocumentType[];
  onClose: () => void;
}) {
  const [documentName, setName] = useState(document.documentName);
  const [documentTypeId, setType] = useState<DocumentTypeId>(document.documentTypeId);
  const [expiresOn, setExpiresOn] = useState<string | null>(document.expiresOn ?? null);
  const [touched, setTouched] = useState(false);
  const update = useUpdateDocument();
  const nameError = documentName.trim() ? undefined : DOCUMENT_MESSAGES.nameRequired;

  const changes: Omit<RouteBody<'updateDocument'>, 'version'> = {
    ...(documentName.trim() !== document.documentName ? { documentName: documentName.trim() } : {}),
    ...(documentTypeId !== document.documentTypeId ? { documentTypeId } : {}),
    ...(expiresOn !== (document.expiresOn ?? null) ? { expiresOn } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  const save = () => {
    setTouched(true);
    if (nameError || !changed) return;
    update.mutate(
      { documentId: document.documentId, body: { version: document.version, ...changes } },
      {
        onSuccess: () => {
          notifySuccess('Document updated');
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            notifyInfo(UPDATE_CONFLICT);
            onClose();
          } else notifyError(UPDATE_ERROR);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={<RequiredLabel label="Document Name" />}
          maxLength={DOCUMENT_NAME_MAX}
          value={documentName}
          data-autofocus
          disabled={update.isPending}
          error={touched ? nameError : undefined}
          onBlur={() => setTouched(true)}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <NativeSelect
          label="Document Type"
          data={types.map((t) => ({ value: t.documentTypeId, label: t.documentName }))}
          value={documentTypeId}
          disabled={update.isPending || types.length === 0}
          onChange={(e) => setType(e.currentTarget.value as DocumentTypeId)}
        />
        <DocumentExpiryInput value={expiresOn} onChange={setExpiresOn} disabled={update.isPending} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!changed || !!nameError} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
