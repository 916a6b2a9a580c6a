import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  Alert,
  Badge,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  ANNOTATION_MARKERS,
  type Annotation,
  type DocumentConfiguration,
  SOURCE_MESSAGES,
} from '@shared/schemas/source';
import { IconSparkles, IconTrash } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useConfigureDocument } from '@/features/projects/api/configure-document';
import { useDocument, useDocumentContent } from '@/features/projects/api/get-document';
import { SHEET_CONFLICT, sheetSavedMessage } from '@/features/projects/utils/messages';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { UnsavedChangesDialog } from '../unsaved-changes-dialog';
import {
  findAncestor,
  indexNodes,
  isQuestion,
  link,
  type Marker,
  markQuestion,
  questionsOf,
  removeQuestion,
  sameAnnotations,
} from './annotation-draft';
import classes from './document-configuration.module.css';

export interface DocumentConfigurationDialogProps {
  projectId: string;
  projectSourceId: string;
  fileName: string;
  opened: boolean;
  onClose: () => void;
}

interface Draft {
  annotations: Annotation[];
  configuration: DocumentConfiguration;
  isLinked: boolean;
}

const MARKERS = Object.keys(ANNOTATION_MARKERS) as Marker[];
const MARKER_LABEL: Record<Marker, string> = {
  A: 'Answer',
  C: 'Compliance',
  I: 'Information',
  R: 'Reference',
};
const CLASS_OF: Record<Annotation['annotationType'], string> = {
  QUESTION: 'question',
  ANSWER: 'answer',
  COMPLIANCE: 'compliance',
  INFORMATION: 'information',
  REFERENCE: 'reference',
};
const LETTER: Record<Annotation['annotationType'], string> = {
  QUESTION: 'Q',
  ANSWER: 'A',
  COMPLIANCE: 'C',
  INFORMATION: 'I',
  REFERENCE: 'R',
};

const nodeOf = (element: Element | null) =>
  findAncestor(
    element as HTMLElement | null,
    (e) => e.hasAttribute?.('data-node-id') && e.tagName !== 'TR' && e.tagName !== 'TABLE',
  );

/** A marker to drag onto the document (or click, with a node selected). */
function MarkerChip({ marker, onPick, disabled }: { marker: Marker; onPick: () => void; disabled: boolean }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: marker, disabled });
  return (
    <Tooltip
      label={`Drag onto the document, or click to link the selected text as ${MARKER_LABEL[marker]}`}
      withArrow
    >
      <UnstyledButton
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        onClick={onPick}
        className={classes.marker}
        data-marker={marker}
        aria-label={`Link as ${MARKER_LABEL[marker]}`}
        aria-disabled={disabled || undefined}
        style={{
          transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
          zIndex: isDragging ? 500 : undefined,
          opacity: disabled ? 0.45 : 1,
        }}
      >
        {marker}
      </UnstyledButton>
    </Tooltip>
  );
}

/**
 * Configure a Word questionnaire (spec 001 §3, §4): the document as it reads, with its questions and
 * their answer, compliance, information and reference places marked. Click a paragraph or cell to
 * select it; Mark as Question; drag an A, C, I or R marker onto the text that holds that part of
 * the selected question (or select the text and click the marker). A first opening starts from the
 * questions detection found, unsaved, so the user checks them and saves.
 */
export function DocumentConfigurationDialog({
  projectId,
  projectSourceId,
  fileName,
  opened,
  onClose,
}: DocumentConfigurationDialogProps) {
  const detail = useDocument({ projectId, projectSourceId }, opened);
  const content = useDocumentContent(projectId, projectSourceId, detail.data?.contentUrl);
  const save = useConfigureDocument();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [activeQuestion, setActiveQuestion] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const documentRef = useRef<HTMLDivElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const index = useMemo(() => (content.data ? indexNodes(content.data.nodes) : null), [content.data]);
  const html = useMemo(
    () =>
      content.data
        ? DOMPurify.sanitize(content.data.html, { ADD_ATTR: ['data-node-id', 'data-row-node-id'] })
        : '',
    [content.data],
  );
  const stored: Draft | null = detail.data
    ? {
        annotations: detail.data.annotations,
        configuration: detail.data.configuration,
        isLinked: detail.data.isLinked,
      }
    : null;

  // The draft starts from what is stored, or from the detected questions the first time.
  useEffect(() => {
    if (!detail.data || draft) return;
    setDraft(
      detail.data.configured
        ? {
            annotations: detail.data.annotations,
            configuration: detail.data.configuration,
            isLinked: detail.data.isLinked,
          }
        : { annotations: detail.data.suggestion, configuration: detail.data.configuration, isLinked: true },
    );
  }, [detail.data, draft]);

  const dirty =
    !!draft &&
    !!stored &&
    (!detail.data?.configured ||
      draft.isLinked !== stored.isLinked ||
      draft.configuration.documentTableFillEnabled !== stored.configuration.documentTableFillEnabled ||
      draft.configuration.tableFillEnabled !== stored.configuration.tableFillEnabled ||
      !sameAnnotations(draft.annotations, stored.annotations));

  // Annotations are shown on the rendered document as classes and letter badges.
  useEffect(() => {
    const root = documentRef.current;
    if (!root || !draft) return;
    for (const el of root.querySelectorAll('[data-annotation]')) {
      el.removeAttribute('data-annotation');
      el.removeAttribute('data-letter');
      el.removeAttribute('data-active');
    }
    for (const el of root.querySelectorAll('[data-selected]')) el.removeAttribute('data-selected');
    for (const a of draft.annotations) {
      const el = root.querySelector(`[data-node-id="${CSS.escape(a.nodeId)}"]`);
      if (!el) continue;
      el.setAttribute('data-annotation', CLASS_OF[a.annotationType]);
      el.setAttribute('data-letter', LETTER[a.annotationType]);
      if (activeQuestion && (a.nodeId === activeQuestion || a.parentNodeId === activeQuestion))
        el.setAttribute('data-active', '');
    }
    if (selected)
      root.querySelector(`[data-node-id="${CSS.escape(selected)}"]`)?.setAttribute('data-selected', '');
  }, [draft, activeQuestion, selected, html]);

  const update = (change: (d: Draft) => Draft) => setDraft((d) => (d ? change(d) : d));
  const linkTo = (marker: Marker, target: string | null) => {
    if (!target || !activeQuestion || !index) return;
    update((d) => ({
      ...d,
      annotations: link(d.annotations, activeQuestion, marker, target, index, d.configuration),
    }));
  };

  const onDocumentClick = (event: React.MouseEvent) => {
    const node = nodeOf(event.target as Element);
    const id = node?.getAttribute('data-node-id') ?? null;
    setSelected(id);
    if (id && draft && isQuestion(draft.annotations, id)) setActiveQuestion(id);
  };

  /** Selects a node by id and brings it into view. */
  const selectNode = (id: string) => {
    setSelected(id);
    if (draft && isQuestion(draft.annotations, id)) setActiveQuestion(id);
    documentRef.current
      ?.querySelector(`[data-node-id="${CSS.escape(id)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  };

  /** The keyboard does all a pointer does: arrows move, Q marks, Delete removes, A/C/I/R link. */
  const onDocumentKey = (event: React.KeyboardEvent) => {
    if (!content.data || !index) return;
    const selectable = content.data.nodes.filter((n) => n.kind === 'paragraph' || n.kind === 'cell');
    const at = selectable.findIndex((n) => n.nodeId === selected);
    const key = event.key.toUpperCase();
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const next =
        selectable[Math.min(selectable.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))];
      if (next) selectNode(next.nodeId);
    } else if (key === 'Q' && selected) {
      update((d) => ({ ...d, annotations: markQuestion(d.annotations, selected, index, d.configuration) }));
      setActiveQuestion(selected);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && selected) {
      update((d) => ({ ...d, annotations: removeQuestion(d.annotations, selected) }));
    } else if ((MARKERS as string[]).includes(key) && selected !== activeQuestion) {
      linkTo(key as Marker, selected);
    } else return;
    event.preventDefault();
  };

  const onDragEnd = (event: DragEndEvent) => {
    const start = event.activatorEvent as PointerEvent;
    const x = start.clientX + event.delta.x;
    const y = start.clientY + event.delta.y;
    const node = nodeOf(document.elementFromPoint(x, y));
    if (node && documentRef.current?.contains(node))
      linkTo(event.active.id as Marker, node.getAttribute('data-node-id'));
  };

  const close = () => {
    setDraft(null);
    setSelected(null);
    setActiveQuestion(null);
    setConfirming(false);
    onClose();
  };
  const requestClose = () => (dirty ? setConfirming(true) : close());

  const submit = async () => {
    if (!draft || !detail.data) return;
    try {
      const result = await save.mutateAsync({
        projectId,
        projectSourceId,
        body: { ...draft, version: detail.data.version },
      });
      notifySuccess(sheetSavedMessage(fileName, result));
      setDraft(null);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Someone else saved first: theirs is loaded (the detail was refetched), this draft dropped.
        notifyError(SHEET_CONFLICT);
        setDraft(null);
      } else notifyError(SOURCE_MESSAGES.saveDocument);
    }
  };

  const questions = draft ? questionsOf(draft.annotations) : [];
  const selectedIsQuestion = !!(selected && draft && isQuestion(draft.annotations, selected));
  const failed = detail.isError || content.isError;

  return (
    <>
      <Modal.Root opened={opened} onClose={requestClose} fullScreen size="100%" closeOnEscape={!confirming}>
        <Modal.Overlay />
        <Modal.Content aria-label={`Configure ${fileName}`} className={classes.screen}>
          <Group className={classes.bar} justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Modal.Title fw={600} fz="md" className={classes.title}>
                Configure {fileName}
              </Modal.Title>
              <Text size="xs" c="dimmed" visibleFrom="sm">
                Click text to select it. Mark questions, then drag A, C, I or R onto where each part goes.
              </Text>
            </div>
            <CloseButton aria-label="Close" onClick={requestClose} size="lg" />
          </Group>

          {failed ? (
            <Alert color="red" m="lg">
              {SOURCE_MESSAGES.fetchConfiguration}
            </Alert>
          ) : !draft || !content.data ? (
            <Center style={{ flex: 1 }}>
              <Loader />
            </Center>
          ) : (
            <DndContext sensors={sensors} onDragEnd={onDragEnd}>
              <div className={classes.body}>
                <ScrollArea className={classes.documentPane} type="auto">
                  {!detail.data?.configured ? (
                    <Alert
                      icon={<IconSparkles size={16} />}
                      color="indigo"
                      variant="light"
                      mx="auto"
                      mt="md"
                      maw={820}
                    >
                      We found {questions.length} questions in this document. Check them, then Save.
                    </Alert>
                  ) : null}
                  <Paper shadow="xs" radius="sm" className={classes.paper}>
                    <div
                      role="application"
                      ref={documentRef}
                      className={classes.document}
                      onClick={onDocumentClick}
                      onKeyDown={onDocumentKey}
                      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard widget (role application): arrows, Q, Delete, A/C/I/R
                      tabIndex={0}
                      aria-label="Document. Arrow keys select text; Q marks a question, Delete removes it, A, C, I or R link the selection to the selected question"
                      dangerouslySetInnerHTML={{ __html: html }}
                      data-testid="document-content"
                    />
                  </Paper>
                </ScrollArea>

                <Stack className={classes.panel} gap="sm">
                  <Paper withBorder radius="md" p="sm">
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
                      Selected text
                    </Text>
                    {selected ? (
                      <Stack gap={8}>
                        <Text size="sm" lineClamp={3}>
                          {index?.byId.get(selected)?.text || <em>(empty)</em>}
                        </Text>
                        <Group gap="xs">
                          {selectedIsQuestion ? (
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() =>
                                update((d) => ({
                                  ...d,
                                  annotations: removeQuestion(d.annotations, selected),
                                }))
                              }
                            >
                              Remove
                            </Button>
                          ) : (
                            <Button
                              size="xs"
                              onClick={() => {
                                if (!index) return;
                                update((d) => ({
                                  ...d,
                                  annotations: markQuestion(d.annotations, selected, index, d.configuration),
                                }));
                                setActiveQuestion(selected);
                              }}
                            >
                              Mark as Question
                            </Button>
                          )}
                        </Group>
                      </Stack>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Click a paragraph or a table cell.
                      </Text>
                    )}
                  </Paper>

                  <Paper withBorder radius="md" p="sm">
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
                      Link to the selected question
                    </Text>
                    <Group gap="xs">
                      {MARKERS.map((marker) => (
                        <MarkerChip
                          key={marker}
                          marker={marker}
                          disabled={!activeQuestion}
                          onPick={() =>
                            linkTo(marker, selected && selected !== activeQuestion ? selected : null)
                          }
                        />
                      ))}
                    </Group>
                    <Text size="xs" c="dimmed" mt={6}>
                      {activeQuestion
                        ? `Question: ${index?.byId.get(activeQuestion)?.text.slice(0, 80) ?? ''}`
                        : 'Select a question first.'}
                    </Text>
                  </Paper>

                  <Paper withBorder radius="md" p="sm">
                    <Stack gap={8}>
                      <Switch
                        label="Include this document"
                        checked={draft.isLinked}
                        onChange={(e) => update((d) => ({ ...d, isLinked: e.currentTarget.checked }))}
                      />
                      <Switch
                        label="Apply questions to every row of the table"
                        checked={draft.configuration.documentTableFillEnabled}
                        onChange={(e) =>
                          update((d) => ({
                            ...d,
                            configuration: {
                              ...d.configuration,
                              documentTableFillEnabled: e.currentTarget.checked,
                            },
                          }))
                        }
                      />
                      <Switch
                        label="Apply to matching tables"
                        checked={draft.configuration.tableFillEnabled}
                        onChange={(e) =>
                          update((d) => ({
                            ...d,
                            configuration: { ...d.configuration, tableFillEnabled: e.currentTarget.checked },
                          }))
                        }
                      />
                    </Stack>
                  </Paper>

                  <Paper
                    withBorder
                    radius="md"
                    p={0}
                    style={{ flex: 1, minHeight: 160, display: 'flex', flexDirection: 'column' }}
                  >
                    <Group justify="space-between" px="sm" py={8}>
                      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                        Questions
                      </Text>
                      <Badge variant="light">{questions.length}</Badge>
                    </Group>
                    <ScrollArea style={{ flex: 1 }} type="auto">
                      <Stack gap={2} px={6} pb={6} data-testid="document-questions">
                        {questions.map(({ question, links }, i) => (
                          <UnstyledButton
                            key={question.nodeId}
                            className={classes.questionRow}
                            data-active={activeQuestion === question.nodeId || undefined}
                            onClick={() => {
                              setActiveQuestion(question.nodeId);
                              setSelected(question.nodeId);
                              documentRef.current
                                ?.querySelector(`[data-node-id="${CSS.escape(question.nodeId)}"]`)
                                ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
                            }}
                          >
                            <Text size="xs" c="dimmed" w={22}>
                              {i + 1}
                            </Text>
                            <Text size="sm" lineClamp={2} style={{ flex: 1 }}>
                              {index?.byId.get(question.nodeId)?.text}
                            </Text>
                            <Group gap={2} wrap="nowrap">
                              {links.map((l) => (
                                <span
                                  key={l.nodeId + l.annotationType}
                                  className={classes.chip}
                                  data-marker={LETTER[l.annotationType]}
                                >
                                  {LETTER[l.annotationType]}
                                </span>
                              ))}
                            </Group>
                          </UnstyledButton>
                        ))}
                      </Stack>
                    </ScrollArea>
                  </Paper>
                </Stack>
              </div>
            </DndContext>
          )}

          <Group className={classes.footer} justify="space-between">
            <Text size="xs" c={dirty ? 'orange.8' : 'dimmed'}>
              {dirty ? 'Unsaved changes' : 'No unsaved changes'}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                disabled={!dirty || save.isPending}
                onClick={() => stored && setDraft(stored)}
              >
                Discard
              </Button>
              <Button onClick={() => void submit()} loading={save.isPending} disabled={!dirty}>
                Save
              </Button>
            </Group>
          </Group>
        </Modal.Content>
      </Modal.Root>
      <UnsavedChangesDialog
        opened={confirming}
        onKeepEditing={() => setConfirming(false)}
        onDiscard={close}
      />
    </>
  );
}
