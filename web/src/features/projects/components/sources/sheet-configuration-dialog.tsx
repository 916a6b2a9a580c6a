import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ColumnType, SheetDetail, SheetSummary, Source } from '@shared/schemas/source';
import { IconAlertTriangle, IconEyeOff, IconSparkles, IconTable } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useConfigureSheet } from '@/features/projects/api/configure-sheet';
import { sheetQueryKey, useSheet, useSheetContent } from '@/features/projects/api/get-sheet';
import {
  DETECTED_LAYOUT,
  SHEET_CONFLICT,
  SOURCE_MESSAGES,
  sheetSavedMessage,
} from '@/features/projects/utils/messages';
import { useErrorToast } from '@/hooks/use-error-toast';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  changeSummary,
  configureRequest,
  draftProblem,
  initialDraft,
  isDirty,
  questionRowCount,
  type SheetDraft,
  sameDraft,
  storedDraft,
  suggestedDraft,
  withAllRows,
  withColumnType,
  withNoRows,
  withRowsToggled,
} from './sheet-draft';
import { SheetGrid } from './sheet-grid';
import { FormatIcon } from './source-visuals';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

export interface SheetConfigurationDialogProps {
  projectId: string;
  source: Source;
  /** The sheet shown first; the others are a tab away. */
  sheetId: string | null;
  onClose: () => void;
}

/** The drafts of the sheets visited since the screen opened, each with the version it started from. */
type Drafts = Record<string, { draft: SheetDraft; version: number; configured: boolean }>;

function SheetTab({
  sheet,
  active,
  unsaved,
  onClick,
}: {
  sheet: SheetSummary;
  active: boolean;
  unsaved: boolean;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      role="tab"
      aria-selected={active}
      onClick={onClick}
      px="sm"
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm) var(--mantine-radius-sm) 0 0',
        borderBottom: `2px solid ${active ? 'var(--mantine-color-indigo-6)' : 'transparent'}`,
        background: active ? 'var(--mantine-color-body)' : undefined,
        whiteSpace: 'nowrap',
      }}
    >
      <Group gap={6} wrap="nowrap">
        <IconTable size={14} color={`var(--mantine-color-${active ? 'indigo-6' : 'gray-6'})`} aria-hidden />
        <Text size="sm" fw={active ? 600 : 500} c={active ? undefined : 'dimmed'}>
          {sheet.sheetName}
        </Text>
        {sheet.hidden ? (
          <IconEyeOff size={13} color="var(--mantine-color-gray-5)" aria-label="Hidden sheet" />
        ) : null}
        {unsaved ? (
          <Box
            w={7}
            h={7}
            style={{ borderRadius: '50%', background: 'var(--mantine-color-orange-5)' }}
            aria-label="Unsaved changes"
          />
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

/**
 * The sheet configuration screen (spec 001 §4, §5): full screen, calm and dense like the
 * spreadsheet itself. One tab per sheet of the file; for the sheet shown, whether it is included,
 * the type of each column and the rows that hold questions, validated with the shared rules. A
 * sheet never saved starts from the detected layout. Unsaved changes are tracked per sheet; Save
 * is enabled only with changes and no problem; Discard restores what is stored; leaving with
 * unsaved changes asks first.
 */
export function SheetConfigurationDialog({
  projectId,
  source,
  sheetId,
  onClose,
}: SheetConfigurationDialogProps) {
  const opened = sheetId !== null;
  const queryClient = useQueryClient();
  const [activeId, setActiveId] = useState<string | null>(sheetId);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [confirming, setConfirming] = useState(false);
  const anchor = useRef<number | null>(null);
  const save = useConfigureSheet();

  // Follow the sheet asked for each time the screen opens.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (sheetId !== openedFor) {
    setOpenedFor(sheetId);
    if (sheetId) setActiveId(sheetId);
    setDrafts({});
    anchor.current = null;
  }

  const currentId = activeId ?? source.sheets[0]?.sheetId ?? null;
  const summary = source.sheets.find((s) => s.sheetId === currentId);
  const sheetRef =
    opened && currentId ? { projectId, projectSourceId: source.projectSourceId, sheetId: currentId } : null;
  const sheet = useSheet(sheetRef);
  const detail = sheet.data;
  const content = useSheetContent(projectId, currentId ?? '', detail?.contentUrl);
  useErrorToast(sheet.isError, sheet.errorUpdatedAt, SOURCE_MESSAGES.fetchConfiguration);
  useErrorToast(content.isError, content.errorUpdatedAt, SOURCE_MESSAGES.fetchConfiguration);

  // The draft of the sheet shown, started once its detail has arrived.
  const entry = currentId ? drafts[currentId] : undefined;
  if (detail && currentId && detail.sheetId === currentId && !entry) {
    setDrafts((all) => ({
      ...all,
      [currentId]: { draft: initialDraft(detail), version: detail.version, configured: detail.configured },
    }));
  }
  const draft = entry?.draft;

  const setDraft = useCallback(
    (update: (draft: SheetDraft) => SheetDraft) => {
      if (!currentId) return;
      setDrafts((all) => {
        const current = all[currentId];
        return current ? { ...all, [currentId]: { ...current, draft: update(current.draft) } } : all;
      });
    },
    [currentId],
  );

  const detailOf = (id: string) => queryClient.getQueryData<SheetDetail>(sheetQueryKey(projectId, id));
  const unsavedSheets = Object.entries(drafts)
    .filter(([id, { draft: d }]) => {
      const stored = detailOf(id);
      return stored ? isDirty(d, stored) : false;
    })
    .map(([id]) => id);
  const dirty = !!(draft && detail && isDirty(draft, detail));
  const problem = draft ? draftProblem(draft) : null;
  const saving = save.isPending;

  const onRowToggle = useCallback(
    (rowNumber: number, included: boolean, shift: boolean) => {
      const from = shift ? anchor.current : null;
      setDraft((d) => withRowsToggled(d, rowNumber, included, from));
      anchor.current = rowNumber;
    },
    [setDraft],
  );
  const onColumnType = useCallback(
    (columnNumber: number, type: ColumnType) => setDraft((d) => withColumnType(d, columnNumber, type)),
    [setDraft],
  );

  const requestClose = () => {
    if (saving) return;
    if (unsavedSheets.length > 0) setConfirming(true);
    else onClose();
  };

  const switchTo = (id: string) => {
    anchor.current = null;
    setActiveId(id);
  };

  /** Reloads the stored configuration into the draft; answers whether it is the draft given. */
  const reload = async (sent?: SheetDraft): Promise<boolean> => {
    if (!currentId) return false;
    const fresh = await sheet.refetch();
    if (!fresh.data) return false;
    const data = fresh.data;
    setDrafts((all) => ({
      ...all,
      [currentId]: { draft: initialDraft(data), version: data.version, configured: data.configured },
    }));
    return !!sent && data.configured && sameDraft(sent, storedDraft(data));
  };

  const submit = async () => {
    if (!draft || !detail || !content.data || !currentId || problem || saving) return;
    try {
      const result = await save.mutateAsync({
        projectId,
        projectSourceId: source.projectSourceId,
        sheetId: currentId,
        body: configureRequest(draft, { ...detail, version: entry?.version ?? detail.version }, content.data),
      });
      setDrafts((all) => ({
        ...all,
        [currentId]: { draft, version: result.version, configured: true },
      }));
      notifySuccess(sheetSavedMessage(detail.sheetName, result));
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // A retried save whose first attempt went through finds its own configuration stored.
        if (await reload(draft)) notifySuccess(`${detail.sheetName} saved`);
        else notifyError(SHEET_CONFLICT);
      } else {
        notifyError(SOURCE_MESSAGES.saveSheet);
      }
    }
  };

  const included = draft?.rows.size ?? 0;
  const questions = draft ? questionRowCount(draft, content.data) : 0;
  const headerRow = detail?.suggestion.headerRow ?? null;
  const ready = !!(detail && draft && content.data && detail.sheetId === currentId);

  return (
    <>
      <Modal.Root
        opened={opened}
        onClose={requestClose}
        fullScreen
        size="100%"
        closeOnEscape={!confirming}
        transitionProps={{ transition: 'fade', duration: 120 }}
      >
        <Modal.Overlay />
        <Modal.Content
          aria-label={`Configure ${source.fileName}`}
          style={{
            display: 'flex',
            flexDirection: 'column',
            height: '100dvh',
            width: '100vw',
            maxWidth: '100vw',
          }}
        >
          <Box
            px={{ base: 'sm', sm: 'lg' }}
            pt="sm"
            style={{
              borderBottom: '1px solid var(--mantine-color-gray-3)',
              background: 'var(--mantine-color-gray-0)',
            }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm" mb={6}>
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <FormatIcon format={source.fileFormat} size={30} />
                <div style={{ minWidth: 0 }}>
                  <Modal.Title
                    fw={600}
                    fz="md"
                    style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    Configure {source.fileName}
                  </Modal.Title>
                  <Text size="xs" c="dimmed" lineClamp={1} visibleFrom="sm">
                    Choose what each column holds and which rows are questions.
                  </Text>
                </div>
              </Group>
              <CloseButton aria-label="Close" onClick={requestClose} disabled={saving} size="lg" />
            </Group>
            <ScrollArea type="never" offsetScrollbars={false}>
              <Group gap={2} wrap="nowrap" role="tablist" aria-label="Sheets">
                {source.sheets.map((s) => (
                  <SheetTab
                    key={s.sheetId}
                    sheet={s}
                    active={s.sheetId === currentId}
                    unsaved={unsavedSheets.includes(s.sheetId)}
                    onClick={() => switchTo(s.sheetId)}
                  />
                ))}
              </Group>
            </ScrollArea>
          </Box>

          {sheet.isError || content.isError ? (
            <Center style={{ flex: 1 }} p="lg">
              <Alert color="red" variant="light" maw={480}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{SOURCE_MESSAGES.fetchConfiguration}</Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => void (sheet.isError ? sheet.refetch() : content.refetch())}
                  >
                    Try again
                  </Button>
                </Stack>
              </Alert>
            </Center>
          ) : !ready || !draft || !detail || !content.data ? (
            <Center style={{ flex: 1 }} role="status" aria-label="Loading the sheet">
              <Loader size="sm" />
            </Center>
          ) : (
            <>
              <Group
                px={{ base: 'sm', sm: 'lg' }}
                py={8}
                gap="md"
                justify="space-between"
                wrap="wrap"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Group gap="md" wrap="wrap">
                  <Switch
                    label="Include this sheet"
                    checked={draft.isLinked}
                    onChange={(e) => {
                      const next = e.currentTarget.checked;
                      setDraft((d) => ({ ...d, isLinked: next }));
                    }}
                  />
                  <Text size="sm" c="dimmed" aria-live="polite">
                    <Text span fw={600} c="var(--mantine-color-text)">
                      {included}
                    </Text>{' '}
                    of {content.data.rows.length} rows included ·{' '}
                    <Text span fw={600} c="var(--mantine-color-text)">
                      {questions}
                    </Text>{' '}
                    {questions === 1 ? 'question' : 'questions'}
                  </Text>
                </Group>
                <Group gap={6}>
                  <Tooltip label="Every row under the header with text in a Question column" withArrow>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setDraft((d) => withAllRows(d, content.data, headerRow))}
                    >
                      Include all
                    </Button>
                  </Tooltip>
                  <Button size="compact-sm" variant="default" onClick={() => setDraft(withNoRows)}>
                    Exclude all
                  </Button>
                </Group>
              </Group>
              {!detail.configured ? (
                <Alert
                  variant="light"
                  color="indigo"
                  radius={0}
                  py={8}
                  px={{ base: 'sm', sm: 'lg' }}
                  icon={<IconSparkles size={16} />}
                >
                  <Group gap="sm" justify="space-between" wrap="wrap">
                    <Text size="sm" fz={{ base: 'xs', sm: 'sm' }} style={{ flex: '1 1 280px' }}>
                      {DETECTED_LAYOUT}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => setDraft(() => suggestedDraft(detail))}
                    >
                      Reset to the detected layout
                    </Button>
                  </Group>
                </Alert>
              ) : null}
              {problem ? (
                <Alert
                  variant="light"
                  color="red"
                  radius={0}
                  py={8}
                  px={{ base: 'sm', sm: 'lg' }}
                  icon={<IconAlertTriangle size={16} />}
                  role="alert"
                >
                  <Text size="sm">{problem}</Text>
                </Alert>
              ) : null}
              <SheetGrid
                content={content.data}
                columnCount={detail.columnCount}
                draft={draft}
                headerRow={headerRow}
                onColumnType={onColumnType}
                onRowToggle={onRowToggle}
                muted={!draft.isLinked}
              />
            </>
          )}

          <Group
            px={{ base: 'sm', sm: 'lg' }}
            py="sm"
            justify="space-between"
            wrap="wrap"
            gap="sm"
            style={{
              borderTop: '1px solid var(--mantine-color-gray-3)',
              background: 'var(--mantine-color-gray-0)',
            }}
          >
            <Group gap="xs">
              {summary?.applying ? (
                <Badge variant="light" color="yellow" leftSection={<Loader size={10} color="yellow" />}>
                  Creating questions…
                </Badge>
              ) : summary ? (
                <Badge variant="light" color={summary.configured ? 'indigo' : 'gray'}>
                  {summary.questionCount} {summary.questionCount === 1 ? 'question' : 'questions'} saved
                </Badge>
              ) : null}
              {summary?.applyError ? (
                <Text size="xs" c="red.7" role="alert">
                  {summary.applyError}
                </Text>
              ) : null}
              <Text size="xs" c={dirty ? 'orange.8' : 'dimmed'}>
                {draft && detail ? changeSummary(draft, detail) || 'No unsaved changes' : ''}
              </Text>
            </Group>
            <Group gap="sm" ml="auto">
              <Button
                variant="default"
                disabled={!dirty || saving}
                onClick={() => detail && setDraft(() => storedDraft(detail))}
              >
                Discard
              </Button>
              <Button
                onClick={() => void submit()}
                loading={saving}
                disabled={!dirty || !!problem || !ready || !!summary?.applying}
              >
                Save
              </Button>
            </Group>
          </Group>
        </Modal.Content>
      </Modal.Root>
      <UnsavedChangesDialog
        opened={confirming}
        onKeepEditing={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          setDrafts({});
          onClose();
        }}
      />
    </>
  );
}
