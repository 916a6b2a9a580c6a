import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NativeSelect,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { MAX_BODY_BYTES } from '@shared/constants';
import { LIBRARY_FILE, LIBRARY_LIMITS, type LibraryFile } from '@shared/schemas/answer';
import { SOURCE_CONTENT_TYPES, SOURCE_MAX_BYTES, SOURCE_MESSAGES } from '@shared/schemas/source';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { checkImportAnswers } from '@/features/library/api/check-import-answers';
import { completeLibraryUpload } from '@/features/library/api/complete-library-upload';
import { waitForLibraryFile } from '@/features/library/api/get-library-upload';
import { useImportAnswers } from '@/features/library/api/import-answers';
import { requestLibraryUpload } from '@/features/library/api/request-library-upload';
import {
  autoIncluded,
  canToggleRows,
  chunksUnder,
  columnProblem,
  guessColumnTypes,
  IMPORT_COLUMN_LABEL,
  IMPORT_COLUMN_TYPES,
  type ImportColumnType,
  importItems,
} from '@/features/library/utils/importer';
import { notifyError, notifySuccess } from '@/lib/notify';
import { uploadFile } from '@/lib/upload';
import { ConfirmClose } from './confirm-close';

const IMPORT_ERROR = 'There was an error importing your data';

/** Rows shown in the review table (every included row is imported). */
const SHOWN_ROWS = 500;

interface SheetState {
  types: ImportColumnType[];
  included: Set<number>;
}

const initialState = (rows: string[][]): SheetState => {
  const types = guessColumnTypes(rows);
  return { types, included: new Set(rows.flatMap((row, i) => (autoIncluded(row, types) ? [i] : []))) };
};

const columnLetter = (index: number) => {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
};

/**
 * Import From File, then the Library Importer (spec 002 §2.2, §5): an .xlsx or .csv of at most
 * 25 MB is uploaded, checked and read; each sheet's columns are typed (Ignore, Question, Answer,
 * Tags, Compliance Status) under the spec's rules, rows with more than three words of question and
 * of answer are included from the start, and Import adds the included rows (nothing twice).
 * Closing with a file chosen asks first.
 */
export function LibraryImporter({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<LibraryFile | null>(null);
  const [fileName, setFileName] = useState('');
  const [reading, setReading] = useState(false);
  const [active, setActive] = useState('0');
  const [sheets, setSheets] = useState<Record<string, SheetState>>({});
  const [confirming, setConfirming] = useState(false);
  /** The rows the library already holds (by place in `items`), once checked; null before. */
  const [repeats, setRepeats] = useState<{ exact: number[]; near: number[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const importAnswers = useImportAnswers();
  const busy = checking || importAnswers.isPending;

  const reset = () => {
    setRepeats(null);
    setFile(null);
    setFileName('');
    setSheets({});
    setActive('0');
  };
  const close = () => {
    if (reading || busy) return;
    if (file) setConfirming(true);
    else onClose();
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (chosen.size > SOURCE_MAX_BYTES) {
      notifyError(SOURCE_MESSAGES.tooLarge);
      return;
    }
    if (!LIBRARY_FILE.test(chosen.name)) {
      notifyError(SOURCE_MESSAGES.uploadError);
      return;
    }
    setReading(true);
    try {
      const format = chosen.name.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx';
      const started = await requestLibraryUpload({
        fileName: chosen.name,
        contentType: SOURCE_CONTENT_TYPES[format],
        sizeBytes: chosen.size,
      });
      await uploadFile(started.upload, chosen);
      await completeLibraryUpload(started.answerSourceId);
      // The processing job reads the file; the importer asks until it is read or refused.
      const state = await waitForLibraryFile(started.answerSourceId);
      const read = state.file;
      if (state.status !== 'READY' || !read) {
        // The spec's message, with the reason the file was refused when there is one.
        if (state.failureReason) notifyError(state.failureReason, { title: SOURCE_MESSAGES.uploadError });
        else notifyError(SOURCE_MESSAGES.uploadError);
        return;
      }
      const visible = read.sheets.findIndex((s) => !s.hidden);
      setFile(read);
      setFileName(chosen.name);
      setSheets(Object.fromEntries(read.sheets.map((s, i) => [String(i), initialState(s.rows)])));
      // The first sheet with rows to import, else the first visible one.
      const withRows = read.sheets.findIndex((s) => initialState(s.rows).included.size > 0);
      setActive(String(withRows >= 0 ? withRows : Math.max(visible, 0)));
    } catch {
      notifyError(SOURCE_MESSAGES.uploadError);
    } finally {
      setReading(false);
    }
  };

  const sheet = file?.sheets[Number(active)];
  const state = sheets[active];
  const problem = state ? columnProblem(state.types) : null;
  const toggleable = state ? canToggleRows(state.types) : false;
  const all = file
    ? file.sheets.map((s, i) => {
        const st = sheets[String(i)];
        return st && !columnProblem(st.types) ? importItems(s.rows, st.types, st.included) : null;
      })
    : [];
  const items = all.flatMap((r) => r?.items ?? []);
  const skipped = all.reduce((n, r) => n + (r?.skipped ?? 0), 0);
  const tooMany = items.length > LIBRARY_LIMITS.importMax;

  // A change to the rows or columns asks the library again on the next Import.
  const setType = (column: number, type: ImportColumnType) => {
    setRepeats(null);
    setSheets((all) => {
      const current = all[active];
      const types = current.types.map((t, i) => (i === column ? type : t));
      // The included rows follow the new columns, as when the file was first read.
      const rows = file?.sheets[Number(active)]?.rows ?? [];
      const included = new Set(rows.flatMap((row, i) => (autoIncluded(row, types) ? [i] : [])));
      return { ...all, [active]: { types, included } };
    });
  };
  const toggleRow = (row: number, on: boolean) => {
    setRepeats(null);
    setSheets((all) => {
      const included = new Set(all[active].included);
      if (on) included.add(row);
      else included.delete(row);
      return { ...all, [active]: { ...all[active], included } };
    });
  };

  /** Import first asks which rows the library already holds; with none, it imports at once. */
  const check = async () => {
    setChecking(true);
    try {
      const found = { exact: [] as number[], near: [] as number[] };
      let offset = 0;
      for (const chunk of chunksUnder(items, MAX_BODY_BYTES / 2)) {
        for (const d of (await checkImportAnswers(chunk)).duplicates)
          (d.kind === 'EXACT' ? found.exact : found.near).push(offset + d.index);
        offset += chunk.length;
      }
      if (found.exact.length + found.near.length === 0) await runImport(items);
      else setRepeats(found);
    } catch {
      notifyError(IMPORT_ERROR);
    } finally {
      setChecking(false);
    }
  };

  const runImport = async (chosen: typeof items) => {
    try {
      // Requests stay under the API's body limit: the answers go in chunks, the counts add up.
      const result = { created: 0, duplicates: 0, answerStatus: 'IN-USE' as string };
      for (const chunk of chunksUnder(chosen, MAX_BODY_BYTES / 2)) {
        const part = await importAnswers.mutateAsync({ items: chunk, creationMethod: 'BULK_UPLOAD' });
        result.created += part.created;
        result.duplicates += part.duplicates;
        result.answerStatus = part.answerStatus;
      }
      const kept = items.length - chosen.length + result.duplicates;
      notifySuccess(
        `${result.created} ${result.created === 1 ? 'answer' : 'answers'} imported` +
          (kept ? `; ${kept} already in the library` : '') +
          (result.answerStatus === 'FLAGGED' ? ' (in Needs Review)' : ''),
      );
      reset();
      onClose();
    } catch {
      notifyError(IMPORT_ERROR);
    }
  };

  const width = sheet ? sheet.rows.reduce((max, r) => Math.max(max, r.length), 0) : 0;

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={
          <Text fw={650} size="lg">
            {file ? `Library Importer · ${fileName}` : 'Import From File'}
          </Text>
        }
        size={file ? '90%' : 'lg'}
        centered
      >
        {!file ? (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Import the answers your team already has: a spreadsheet with a question and an answer on each
              row.
            </Text>
            <input
              ref={input}
              type="file"
              accept=".xlsx,.csv"
              hidden
              aria-label="Choose a library file"
              onChange={(e) => {
                void choose(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
            <UnstyledButton
              onClick={() => input.current?.click()}
              disabled={reading}
              aria-label="Choose a spreadsheet"
              py="xl"
              px="md"
              style={{
                border: '1.5px dashed var(--mantine-color-gray-4)',
                borderRadius: 'var(--mantine-radius-md)',
                background: 'var(--mantine-color-gray-0)',
              }}
            >
              <Stack align="center" gap={6}>
                <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
                  {reading ? <Loader size="sm" /> : <IconCloudUpload size={26} />}
                </ThemeIcon>
                <Text fw={600} size="sm">
                  {reading ? 'Uploading and reading your file…' : 'Choose a spreadsheet'}
                </Text>
                <Text size="xs" c="dimmed">
                  Excel (.xlsx) or CSV (.csv), up to 25MB
                </Text>
              </Stack>
            </UnstyledButton>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Tabs value={active} onChange={(v) => v && setActive(v)}>
              <Tabs.List>
                {file.sheets.map((s, i) => (
                  <Tabs.Tab key={s.sheetName} value={String(i)}>
                    {s.sheetName}
                    {s.hidden ? ' (hidden)' : ''}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            {problem ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} py={8} role="alert">
                {problem}
              </Alert>
            ) : null}
            {sheet && state ? (
              <ScrollArea h="55vh" type="auto">
                <Table striped highlightOnHover withTableBorder stickyHeader fz="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40} />
                      {Array.from({ length: width }, (_, c) => (
                        <Table.Th key={columnLetter(c)} miw={160}>
                          <NativeSelect
                            size="xs"
                            aria-label={`Column ${columnLetter(c)} type`}
                            value={state.types[c] ?? 'IGNORE'}
                            data={IMPORT_COLUMN_TYPES.map((t) => ({
                              value: t,
                              label: IMPORT_COLUMN_LABEL[t],
                            }))}
                            onChange={(e) => setType(c, e.currentTarget.value as ImportColumnType)}
                          />
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {sheet.rows.slice(0, SHOWN_ROWS).map((row, r) => (
                      <Table.Tr key={r} style={{ opacity: state.included.has(r) ? 1 : 0.55 }}>
                        <Table.Td>
                          <Checkbox
                            size="xs"
                            aria-label={`Include row ${r + 1}`}
                            checked={state.included.has(r)}
                            disabled={!toggleable}
                            onChange={(e) => toggleRow(r, e.currentTarget.checked)}
                          />
                        </Table.Td>
                        {Array.from({ length: width }, (_, c) => (
                          <Table.Td key={columnLetter(c)} maw={360}>
                            <Text size="xs" lineClamp={3}>
                              {row[c] ?? ''}
                            </Text>
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            ) : null}
            {repeats ? (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                title={`${repeats.exact.length + repeats.near.length} of these answers are already in the library`}
                data-testid="import-repeats"
              >
                <Stack gap="xs">
                  <Text size="sm">
                    {repeats.exact.length} word for word and {repeats.near.length} nearly (the same question
                    with an answer a few words apart). Keep the library's answers and import only the new ones
                    {repeats.near.length ? ', or add the near ones as answers of their own' : ''}
                    {'; word-for-word copies are never added twice.'}
                  </Text>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      loading={importAnswers.isPending}
                      onClick={() => {
                        const repeated = new Set([...repeats.exact, ...repeats.near]);
                        void runImport(items.filter((_, i) => !repeated.has(i)));
                      }}
                    >
                      Keep the library's, import the new ones
                    </Button>
                    {repeats.near.length ? (
                      <Button
                        size="xs"
                        variant="default"
                        disabled={importAnswers.isPending}
                        onClick={() => void runImport(items)}
                      >
                        Add the near ones too
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Text size="sm" c={tooMany ? 'red' : 'dimmed'}>
                {tooMany
                  ? `At most ${LIBRARY_LIMITS.importMax.toLocaleString('en')} answers at a time: leave some rows out`
                  : `${items.length} ${items.length === 1 ? 'answer' : 'answers'} to import` +
                    (skipped
                      ? ` · ${skipped} included ${skipped === 1 ? 'row needs' : 'rows need'} a question and an answer of 10 characters or more`
                      : '')}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  onClick={() => void check()}
                  loading={busy && !repeats}
                  disabled={items.length === 0 || tooMany || repeats !== null}
                >
                  Import
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmClose
        opened={confirming}
        onKeep={() => setConfirming(false)}
        onClose={() => {
          setConfirming(false);
          reset();
          onClose();
        }}
      />
    </>
  );
}
