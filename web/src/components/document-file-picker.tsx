import {
  ActionIcon,
  Alert,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconFileText, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { DOCUMENT_ACCEPT, documentFileProblem, formatBytes } from '@/lib/documents';

export interface DocumentFilePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** While uploading: the step's text, and nothing can be changed. */
  busyText?: string | null;
  disabled?: boolean;
}

/**
 * Choose (or drop) one evidence file: PDF, Office, images or text, at most 25MB. A file the server
 * would refuse is named at once with the spec's text ('That file is too large. We allow up to
 * 25MB.').
 */
export function DocumentFilePicker({ file, onChange, busyText, disabled }: DocumentFilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const locked = disabled || !!busyText;
  const problem = file ? documentFileProblem(file) : null;
  const choose = (files: FileList | null) => {
    const next = files?.[0];
    if (next) onChange(next);
  };

  return (
    <Stack gap="xs">
      <input
        ref={input}
        type="file"
        accept={DOCUMENT_ACCEPT}
        hidden
        aria-label="Choose a file"
        data-testid="document-file-input"
        onChange={(e) => {
          choose(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {file ? (
        <Paper withBorder radius="md" p="sm">
          <Group wrap="nowrap" gap="sm">
            <ThemeIcon size={36} radius="md" variant="light" color={problem ? 'red' : 'indigo'} aria-hidden>
              {problem ? <IconAlertTriangle size={20} /> : <IconFileText size={20} />}
            </ThemeIcon>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end" title={file.name}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {busyText ?? formatBytes(file.size)}
              </Text>
            </Stack>
            {busyText ? (
              <Loader size="sm" />
            ) : (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Remove the file"
                disabled={locked}
                onClick={() => onChange(null)}
              >
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ) : (
        <UnstyledButton
          onClick={() => input.current?.click()}
          disabled={locked}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            if (!locked) choose(e.dataTransfer.files);
          }}
          aria-label="Choose a file, or drop one here"
          py="lg"
          px="md"
          style={{
            border: `1.5px dashed var(--mantine-color-${dragging ? 'indigo-5' : 'gray-4'})`,
            borderRadius: 'var(--mantine-radius-md)',
            background: dragging ? 'var(--mantine-color-indigo-0)' : 'var(--mantine-color-gray-0)',
            transition: 'background 120ms, border-color 120ms',
          }}
        >
          <Stack align="center" gap={4}>
            <ThemeIcon size={40} radius="xl" variant="light" color="indigo" aria-hidden>
              <IconCloudUpload size={22} />
            </ThemeIcon>
            <Text fw={600} size="sm">
              Drop a file here, or{' '}
              <Text span c="indigo.7" fw={600} td="underline">
                choose one
              </Text>
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              PDF, Word, Excel, PowerPoint, images or text, up to 25MB
            </Text>
          </Stack>
        </UnstyledButton>
      )}
      {problem ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} py={8} role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
