import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { type AttachedDocument, DOCUMENT_MESSAGES } from '@shared/schemas/document';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { AttachedDocumentSummary } from '@/components/attached-document-summary';
import { DocumentPicker } from '@/components/document-picker';
import { useErrorToast } from '@/hooks/use-error-toast';
import { attachableDocuments } from '@/lib/documents';
import { notifyError } from '@/lib/notify';
import { useAttachQuestionDocument } from '../../api/attach-question-document';
import { useLibraryDocuments } from '../../api/list-library-documents';
import { useQuestionDocuments } from '../../api/list-question-documents';
import { useRemoveQuestionDocument } from '../../api/remove-question-document';
import { UploadFileDialog } from './upload-file-dialog';

/** One attached document: name, expiry badge, the file (new tab) and Remove. */
function AttachmentRow({
  attachment,
  canChange,
  removing,
  onRemove,
}: {
  attachment: AttachedDocument;
  canChange: boolean;
  removing: boolean;
  onRemove: () => void;
}) {
  const { document } = attachment;
  return (
    <Paper withBorder radius="md" px="sm" py={8} component="li">
      <Group wrap="nowrap" gap="sm">
        <AttachedDocumentSummary attachment={attachment} />
        {canChange ? (
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
    </Paper>
  );
}

/**
 * The Documents tab (spec 002 §2.1, §7.1; spec 001 §2): the question's supporting documents, each
 * opening in a new tab. Those who answer (ANSWER_QUESTION, project not complete) attach a document
 * of the library, upload a new file straight onto the question, or remove one. Another member's
 * change arrives live (ATTACHMENTS_UPDATED).
 */
export function DocumentsTab({
  projectId,
  questionId,
  canChange,
}: {
  projectId: string;
  questionId: string;
  canChange: boolean;
}) {
  const attached = useQuestionDocuments(projectId, questionId);
  const library = useLibraryDocuments(canChange);
  const attach = useAttachQuestionDocument();
  const remove = useRemoveQuestionDocument();
  const [uploading, setUploading] = useState(false);
  useErrorToast(attached.isError, attached.errorUpdatedAt, DOCUMENT_MESSAGES.attachedError);
  useErrorToast(library.isError, library.errorUpdatedAt, DOCUMENT_MESSAGES.listError);

  const choices = attachableDocuments(library.data ?? [], attached.data ?? []);
  const items = attached.data ?? [];

  const add = (documentId: string) =>
    attach.mutate(
      { projectId, questionId, documentId },
      { onError: () => notifyError(DOCUMENT_MESSAGES.attachError) },
    );
  const removing = remove.isPending ? remove.variables?.questionDocumentId : undefined;

  return (
    <Stack gap="sm">
      {canChange ? (
        <Group gap="xs" wrap="wrap" align="flex-end">
          <DocumentPicker
            documents={choices}
            libraryEmpty={(library.data?.length ?? 0) === 0}
            loading={library.isPending}
            disabled={library.isError || attach.isPending}
            onPick={add}
          />
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
            Upload File
          </Button>
        </Group>
      ) : null}
      {attached.isError ? (
        <Text size="sm" c="red">
          {DOCUMENT_MESSAGES.attachedError}
        </Text>
      ) : attached.isPending ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : items.length === 0 ? (
        <Stack align="center" gap={6} py="lg" px="md">
          <ThemeIcon variant="light" radius="xl" size="xl" color="indigo">
            <IconPaperclip size={20} />
          </ThemeIcon>
          <Text fw={600} size="sm">
            No documents attached
          </Text>
          <Text size="xs" c="dimmed" ta="center" maw={420}>
            {canChange
              ? 'Attach supporting evidence from your Document Library, or upload a new file.'
              : 'No supporting evidence has been attached to this question.'}
          </Text>
        </Stack>
      ) : (
        <Stack
          gap={6}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Attached documents"
        >
          {items.map((attachment) => (
            <AttachmentRow
              key={attachment.link.questionDocumentId}
              attachment={attachment}
              canChange={canChange}
              removing={removing === attachment.link.questionDocumentId}
              onRemove={() =>
                remove.mutate(
                  {
                    projectId,
                    questionId,
                    documentId: attachment.document.documentId,
                    questionDocumentId: attachment.link.questionDocumentId,
                  },
                  { onError: () => notifyError(DOCUMENT_MESSAGES.removeError) },
                )
              }
            />
          ))}
        </Stack>
      )}
      {canChange ? (
        <UploadFileDialog
          projectId={projectId}
          questionId={questionId}
          opened={uploading}
          onClose={() => setUploading(false)}
        />
      ) : null}
    </Stack>
  );
}
