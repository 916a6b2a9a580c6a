import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { type Source, sourceFormatOf } from '@shared/schemas/source';
import { IconAlertTriangle, IconCloudUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { SOURCE_UPLOADED } from '@/features/projects/utils/messages';
import { notifyError, notifySuccess } from '@/lib/notify';
import { FormatIcon, fileSize } from './source-visuals';
import {
  ACCEPTED_EXTENSIONS,
  fileProblem,
  type UploadStep,
  uploadErrorText,
  uploadSource,
  useUploadCalls,
} from './upload-source';

const STEP_TEXT: Record<UploadStep, string> = {
  starting: 'Preparing the upload…',
  uploading: 'Uploading your file…',
  checking: 'Checking the file…',
};

export interface AddFileDialogProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** The file is uploaded and being read: the caller shows it in Question Sources. */
  onUploaded: (source: Source) => void;
}

/**
 * Add File (spec 001 §2, §5): choose a questionnaire (.xlsx or .xlsm, .csv or .docx, at most 25MB; Upload
 * stays disabled until one is chosen), upload it, and hand it over to be read. The too-large check
 * runs in the browser first, with the spec's exact text.
 */
export function AddFileDialog({ projectId, opened, onClose, onUploaded }: AddFileDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [step, setStep] = useState<UploadStep | null>(null);
  const calls = useUploadCalls();
  const problem = file ? fileProblem(file) : null;
  const busy = step !== null;
  const format = file ? sourceFormatOf(file.name) : null;

  const choose = (files: FileList | null) => {
    const next = files?.[0];
    if (next) setFile(next);
  };

  const close = () => {
    if (busy) return;
    setFile(null);
    onClose();
  };

  const upload = async () => {
    if (!file || problem || busy) return;
    try {
      const source = await uploadSource(projectId, file, calls, setStep);
      setStep(null);
      setFile(null);
      notifySuccess(SOURCE_UPLOADED);
      onUploaded(source);
    } catch (error) {
      setStep(null);
      notifyError(uploadErrorText(error));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add File"
      centered
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Import a questionnaire your customer sent you. After it has been read, you choose which columns and
          rows hold the questions.
        </Text>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_EXTENSIONS}
          hidden
          aria-label="Choose a file"
          data-testid="source-file-input"
          onChange={(e) => {
            choose(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <UnstyledButton
          onClick={() => input.current?.click()}
          disabled={busy}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            if (!busy) choose(e.dataTransfer.files);
          }}
          aria-label="Choose a file, or drop one here"
          style={{
            border: `1.5px dashed var(--mantine-color-${dragging ? 'indigo-5' : 'gray-4'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: dragging ? 'var(--mantine-color-indigo-0)' : 'var(--mantine-color-gray-0)',
            transition: 'background 120ms, border-color 120ms',
          }}
          py="xl"
          px="md"
        >
          <Stack align="center" gap={6}>
            <ThemeIcon size={48} radius="xl" variant="light" color="indigo" aria-hidden>
              <IconCloudUpload size={26} />
            </ThemeIcon>
            <Text fw={600} size="sm">
              Drop a file here, or{' '}
              <Text span c="indigo.7" fw={600} td="underline">
                choose one
              </Text>
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              Excel (.xlsx, .xlsm), CSV (.csv) or Word (.docx), up to 25MB
            </Text>
          </Stack>
        </UnstyledButton>

        {file ? (
          <Paper withBorder radius="md" p="sm">
            <Group wrap="nowrap" gap="sm">
              {format ? (
                <FormatIcon format={format} size={36} />
              ) : (
                <ThemeIcon size={36} radius="md" variant="light" color="red" aria-hidden>
                  <IconAlertTriangle size={20} />
                </ThemeIcon>
              )}
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end" title={file.name}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {step ? STEP_TEXT[step] : fileSize(file.size)}
                </Text>
              </Stack>
              {busy ? (
                <Loader size="sm" />
              ) : (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Remove the file"
                  onClick={() => setFile(null)}
                >
                  <IconX size={16} />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        ) : null}

        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert">
            {problem}
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void upload()} disabled={!file || !!problem} loading={busy}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
