import {
  Alert,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { DOCUMENT_MESSAGES, type ProjectFile } from '@shared/schemas/document';
import { IconFiles, IconPaperclip } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useProjectFiles } from '@/features/projects/api/list-project-files';
import { useRemoveProjectDocument } from '@/features/projects/api/remove-project-document';
import { useErrorToast } from '@/hooks/use-error-toast';
import { attachedWhere } from '@/lib/documents';
import { notifyError, notifySuccess } from '@/lib/notify';
import { AttachedFile } from './attached-file';
import { RemoveFileDialog } from './remove-file-dialog';

export interface ProjectFilesDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** ANSWER_QUESTION: Remove is offered. */
  canChange: boolean;
  /** Opens Add Attachments (for those who may attach). */
  onAddAttachments?: () => void;
}

/**
 * Project Files (spec 001 §2, §4): every document attached in the project, to the project itself or
 * to its questions, with where. Remove takes the document off the project and every question; a
 * file on more than one question asks first (Remove File).
 */
export function ProjectFilesDialog({
  projectId,
  opened,
  onClose,
  canChange,
  onAddAttachments,
}: ProjectFilesDialogProps) {
  const files = useProjectFiles(projectId, { enabled: opened });
  const remove = useRemoveProjectDocument();
  const [confirming, setConfirming] = useState<ProjectFile | null>(null);
  useErrorToast(files.isError, files.errorUpdatedAt, DOCUMENT_MESSAGES.attachedError);

  const removeFile = (file: ProjectFile) =>
    remove.mutate(
      { projectId, documentId: file.document.documentId },
      {
        onSuccess: () => {
          setConfirming(null);
          notifySuccess(`${file.document.documentName} removed from the project`);
        },
        onError: () => {
          setConfirming(null);
          notifyError(DOCUMENT_MESSAGES.removeError);
        },
      },
    );
  const askOrRemove = (file: ProjectFile) => (file.usageCount > 1 ? setConfirming(file) : removeFile(file));
  const removingId = remove.isPending ? remove.variables?.documentId : undefined;
  const items = files.data ?? [];

  return (
    <>
      <Modal
        opened={opened && confirming === null}
        onClose={onClose}
        title={
          <Text fw={700} size="lg">
            Project Files
          </Text>
        }
        centered
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Every document attached in this project, to the project itself or to its questions.
          </Text>
          {files.isError ? (
            <Alert color="red" variant="light">
              {DOCUMENT_MESSAGES.attachedError}
            </Alert>
          ) : files.isPending ? (
            <Center py="lg" role="status" aria-label="Loading the project's files">
              <Loader size="sm" />
            </Center>
          ) : items.length === 0 ? (
            <Stack align="center" gap={6} py="lg">
              <ThemeIcon variant="light" radius="xl" size="xl" color="gray">
                <IconFiles size={20} />
              </ThemeIcon>
              <Text fw={600} size="sm">
                No files are attached in this project
              </Text>
              <Text size="xs" c="dimmed" ta="center" maw={380}>
                Attach documents from your Document Library to the project, or to questions while answering.
              </Text>
            </Stack>
          ) : (
            <Stack
              gap={0}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              aria-label="Project files"
            >
              {items.map((file, i) => (
                <Fragment key={file.document.documentId}>
                  {i > 0 ? <Divider component="li" aria-hidden /> : null}
                  <li>
                    <AttachedFile
                      attachment={file}
                      detail={
                        <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
                          {attachedWhere(file)}
                        </Badge>
                      }
                      removing={removingId === file.document.documentId}
                      onRemove={canChange ? () => askOrRemove(file) : undefined}
                    />
                  </li>
                </Fragment>
              ))}
            </Stack>
          )}
          <Group justify="space-between" gap="sm">
            {onAddAttachments ? (
              <Button variant="subtle" leftSection={<IconPaperclip size={16} />} onClick={onAddAttachments}>
                Add Attachments
              </Button>
            ) : (
              <span />
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
      <RemoveFileDialog
        questions={confirming ? confirming.usageCount : null}
        busy={remove.isPending}
        onConfirm={() => confirming && removeFile(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
