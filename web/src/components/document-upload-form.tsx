import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { RouteBody, RouteResponse } from '@shared/routes';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_NAME_MAX,
  type DocumentType,
  type LibraryDocument,
} from '@shared/schemas/document';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { RequiredLabel } from '@/components/required-label';
import { useErrorToast } from '@/hooks/use-error-toast';
import {
  type DocumentTypeId,
  type DocumentUploadStep,
  documentUploadErrors,
  documentUploadErrorText,
  nameForType,
  UPLOAD_STEP_TEXT,
  uploadDocumentFile,
} from '@/lib/documents';
import { notifyError } from '@/lib/notify';
import { uploadFile } from '@/lib/upload';
import { DocumentExpiryInput } from './document-expiry-input';
import { DocumentFilePicker } from './document-file-picker';

export type CreateDocumentBody = RouteBody<'createDocument'>;
export type DocumentUploadStart = RouteResponse<'createDocument'>;

export interface DocumentUploadFormProps {
  /** GET /api/documents/types, as the caller's query holds it. */
  types: { data?: readonly DocumentType[]; isPending: boolean; isError: boolean; errorUpdatedAt: number };
  /** POST /api/documents/create. */
  createDocument: (body: CreateDocumentBody) => Promise<DocumentUploadStart>;
  /** POST /api/documents/{documentId}/complete, attaching it where the caller wants. */
  completeDocument: (documentId: string) => Promise<LibraryDocument>;
  onUploaded: (document: LibraryDocument) => void;
  onCancel?: () => void;
  /** The form is uploading: a dialog holding it should not close. */
  onBusyChange?: (busy: boolean) => void;
  /** The expiry calendar is open (Escape closes it, not the dialog). */
  onPickerChange?: (open: boolean) => void;
}

const EMPTY = {
  documentTypeId: '' as DocumentTypeId | '',
  documentName: '',
  expiresOn: null as string | null,
};

/**
 * The document upload form (spec 002 §2.3, §5): a file (at most 25MB), a document type (the empty
 * first choice is not one; choosing a type fills an empty name with the type's name), a name and an
 * optional expiry date. Upload runs create, the presigned POST and complete; a failure is a red
 * toast with the spec's text and the form keeps what was chosen.
 */
export function DocumentUploadForm({
  types,
  createDocument,
  completeDocument,
  onUploaded,
  onCancel,
  onBusyChange,
  onPickerChange,
}: DocumentUploadFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<{ documentTypeId?: boolean; documentName?: boolean }>({});
  const [step, setStep] = useState<DocumentUploadStep | null>(null);
  useErrorToast(types.isError, types.errorUpdatedAt, DOCUMENT_MESSAGES.typesError);
  const errors = documentUploadErrors({ ...values, file });
  const valid = Object.keys(errors).length === 0;
  const busy = step !== null;
  const typeList = types.data ?? [];

  const setBusy = (next: DocumentUploadStep | null) => {
    setStep(next);
    onBusyChange?.(next !== null);
  };

  const submit = async () => {
    setTouched({ documentTypeId: true, documentName: true });
    if (!valid || !file || !values.documentTypeId || busy) return;
    const { documentTypeId } = values;
    const documentName = values.documentName.trim();
    try {
      const document = await uploadDocumentFile(
        file,
        {
          start: (info) =>
            createDocument({
              ...info,
              documentName,
              documentTypeId,
              ...(values.expiresOn ? { expiresOn: values.expiresOn } : {}),
            }),
          send: (upload, blob) => uploadFile(upload, blob),
          complete: completeDocument,
        },
        setBusy,
      );
      setBusy(null);
      setFile(null);
      setValues(EMPTY);
      setTouched({});
      onUploaded(document);
    } catch (error) {
      setBusy(null);
      notifyError(documentUploadErrorText(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <DocumentFilePicker file={file} onChange={setFile} busyText={step ? UPLOAD_STEP_TEXT[step] : null} />
        <NativeSelect
          label={<RequiredLabel label="Document Type" />}
          data={[
            { value: '', label: types.isPending ? 'Loading…' : 'Choose a document type' },
            ...typeList.map((t) => ({ value: t.documentTypeId, label: t.documentName })),
          ]}
          value={values.documentTypeId}
          disabled={busy || types.isPending}
          error={
            types.isError
              ? DOCUMENT_MESSAGES.typesError
              : touched.documentTypeId
                ? errors.documentTypeId
                : undefined
          }
          onBlur={() => setTouched((t) => ({ ...t, documentTypeId: true }))}
          onChange={(e) => {
            const documentTypeId = e.currentTarget.value as DocumentTypeId | '';
            setValues((v) => ({
              ...v,
              documentTypeId,
              documentName: nameForType(v.documentName, documentTypeId, typeList),
            }));
          }}
        />
        <TextInput
          label={<RequiredLabel label="Document Name" />}
          placeholder="e.g. SOC 2 Type II Report 2026"
          maxLength={DOCUMENT_NAME_MAX}
          autoComplete="off"
          value={values.documentName}
          disabled={busy}
          error={touched.documentName ? errors.documentName : undefined}
          onBlur={() => setTouched((t) => ({ ...t, documentName: true }))}
          onChange={(e) => {
            const documentName = e.currentTarget.value;
            setValues((v) => ({ ...v, documentName }));
          }}
        />
        <DocumentExpiryInput
          value={values.expiresOn}
          disabled={busy}
          onChange={(expiresOn) => setValues((v) => ({ ...v, expiresOn }))}
          onPickerChange={onPickerChange}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" leftSection={<IconUpload size={16} />} disabled={!valid} loading={busy}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
