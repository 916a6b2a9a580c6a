import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import type { Project } from '@shared/schemas/project';
import { type ExportRequest, SOURCE_MESSAGES, type Source } from '@shared/schemas/source';
import { IconDatabaseExport, IconFileCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useExportQuestions } from '@/features/projects/api/export-questions';
import { useSources } from '@/features/projects/api/list-sources';
import { useExportPreview } from '@/features/projects/api/preview-export';
import { ConsistencyNote } from '@/features/projects/components/consistency/consistency-note';
import { ExportProblems, exportAllowed } from '@/features/projects/components/export/export-problems';
import { FormatIcon } from '@/features/projects/components/sources/source-visuals';
import { downloadLink } from '@/lib/download';
import { notifyError } from '@/lib/notify';

export interface ExportProjectDialogProps {
  project: Project;
  opened: boolean;
  onClose: () => void;
  /** Shows the project's consistency findings (the export dialog's link to them). */
  onShowConsistency?: () => void;
}

/** A source can be exported answered once a sheet or its document gives the project questions. */
const answerable = (source: Source) =>
  source.status === 'READY' &&
  (source.sheets.some((s) => s.configured && s.isLinked) ||
    Boolean(source.document?.configured && source.document.isLinked));

type Choice = { kind: 'SOURCE'; projectSourceId: string } | { kind: 'DATA' };

/**
 * Export Project (spec 001 §2, §7): the answered questionnaire in the customer's own file (answers
 * and compliance wording written back into it), or the project's questions as CSV or XLSX. A
 * preview shows what the file will hold before it is written.
 */
export function ExportProjectDialog({
  project,
  opened,
  onClose,
  onShowConsistency,
}: ExportProjectDialogProps) {
  const sources = useSources(project.projectId, { enabled: opened });
  const ready = useMemo(() => (sources.data ?? []).filter(answerable), [sources.data]);
  const [picked, setPicked] = useState<Choice | null>(null);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [utf8, setUtf8] = useState(false);
  const choice: Choice =
    picked ?? (ready[0] ? { kind: 'SOURCE', projectSourceId: ready[0].projectSourceId } : { kind: 'DATA' });
  const request: ExportRequest =
    choice.kind === 'SOURCE'
      ? { kind: 'SOURCE', projectSourceId: choice.projectSourceId }
      : { kind: 'DATA', format };
  const preview = useExportPreview(project.projectId, opened ? request : null);
  // The preview is shorter when notes follow it, so Export stays in view on a laptop screen.
  const notes = Boolean(
    preview.data?.problems?.length || preview.data?.unrepresentable || preview.data?.notAllowed?.length,
  );
  const exporting = useExportQuestions();
  const value = choice.kind === 'SOURCE' ? choice.projectSourceId : 'DATA';

  const close = () => {
    setPicked(null);
    setUtf8(false);
    onClose();
  };
  const run = async () => {
    try {
      const body: ExportRequest =
        request.kind === 'SOURCE' && utf8 && preview.data?.unrepresentable
          ? { ...request, encoding: 'utf-8' }
          : request;
      const link = await exporting.mutateAsync({ projectId: project.projectId, body });
      downloadLink(link.url, link.fileName);
      close();
    } catch {
      notifyError(SOURCE_MESSAGES.downloadData);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Export Project" size="xl" centered>
      <Stack gap="md">
        <Radio.Group
          value={value}
          onChange={(v) => {
            setUtf8(false);
            setPicked(v === 'DATA' ? { kind: 'DATA' } : { kind: 'SOURCE', projectSourceId: v });
          }}
          label="What to export"
        >
          <Stack gap="xs" mt="xs">
            {sources.isLoading ? <Loader size="sm" /> : null}
            {ready.map((source) => (
              <Radio.Card
                key={source.projectSourceId}
                value={source.projectSourceId}
                radius="md"
                p="sm"
                withBorder
              >
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <FormatIcon format={source.fileFormat} size={32} />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate>
                      {source.fileName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      The answered questionnaire: your answers written into the customer’s own file, its
                      layout unchanged
                    </Text>
                  </Stack>
                  <ThemeIcon variant="light" color="teal" radius="xl" aria-hidden>
                    <IconFileCheck size={16} />
                  </ThemeIcon>
                </Group>
              </Radio.Card>
            ))}
            <Radio.Card value="DATA" radius="md" p="sm" withBorder>
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <ThemeIcon variant="light" color="indigo" size={32} radius="md" aria-hidden>
                  <IconDatabaseExport size={18} />
                </ThemeIcon>
                <Stack gap={0} style={{ flex: 1 }}>
                  <Text fw={600} size="sm">
                    Project data
                  </Text>
                  <Text size="xs" c="dimmed">
                    Every question with its answer, compliance, status and assignee, as a table
                  </Text>
                </Stack>
                {choice.kind === 'DATA' ? (
                  <SegmentedControl
                    size="xs"
                    value={format}
                    onChange={(v) => setFormat(v as 'csv' | 'xlsx')}
                    data={[
                      { label: 'XLSX', value: 'xlsx' },
                      { label: 'CSV', value: 'csv' },
                    ]}
                    aria-label="File format"
                  />
                ) : null}
              </Group>
            </Radio.Card>
          </Stack>
        </Radio.Group>

        <Paper withBorder radius="md" p={0}>
          <Group
            justify="space-between"
            px="sm"
            py={8}
            bg="gray.0"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text size="sm" fw={600}>
              Preview{preview.data ? ` · ${preview.data.fileName}` : ''}
            </Text>
            {preview.data ? (
              <Badge
                variant="light"
                color={preview.data.answeredCount === preview.data.questionCount ? 'teal' : 'blue'}
              >
                {preview.data.questionCount} questions, {preview.data.answeredCount} answered
              </Badge>
            ) : null}
          </Group>
          {preview.isLoading ? (
            <Group justify="center" p="xl">
              <Loader size="sm" />
            </Group>
          ) : preview.isError ? (
            <Alert color="red" m="sm" variant="light">
              {SOURCE_MESSAGES.downloadData}
            </Alert>
          ) : preview.data && preview.data.rows.length === 0 ? (
            <Text size="sm" c="dimmed" p="md" ta="center">
              There are no questions to export yet.
            </Text>
          ) : preview.data ? (
            <ScrollArea h={notes ? 150 : 260} type="auto">
              <Table striped stickyHeader fz="xs" verticalSpacing={6} data-testid="export-preview">
                <Table.Thead>
                  <Table.Tr>
                    {preview.data.columns.map((column) => (
                      <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.data.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((cell, j) => (
                        <Table.Td key={j} style={{ maxWidth: 280 }}>
                          <Text size="xs" lineClamp={2}>
                            {cell}
                          </Text>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          ) : null}
        </Paper>

        {preview.data ? <ExportProblems preview={preview.data} utf8={utf8} onUtf8Change={setUtf8} /> : null}
        {preview.data?.notAllowed?.length ? (
          <NotAllowedNote
            count={preview.data.notAllowedCount ?? preview.data.notAllowed.length}
            places={preview.data.notAllowed.map((q) => `${q.location} (${q.compliance})`)}
          />
        ) : null}

        <ConsistencyNote projectId={project.projectId} opened={opened} onShow={onShowConsistency} />

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={run} loading={exporting.isPending} disabled={!exportAllowed(preview.data, utf8)}>
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The questions whose classification their compliance cell's list has no value for (left as they were). */
function NotAllowedNote({ count, places }: { count: number; places: string[] }) {
  const shown = places.slice(0, 5);
  return (
    <Alert color="orange" variant="light" data-testid="export-not-allowed">
      <Text size="sm">
        {count === 1
          ? "1 question has a compliance value that the column's list does not allow: "
          : `${count} questions have a compliance value that the column's list does not allow: `}
        {shown.join(', ')}
        {count > shown.length ? ` and ${count - shown.length} more` : ''}. Their cells are left as they are.
      </Text>
    </Alert>
  );
}
