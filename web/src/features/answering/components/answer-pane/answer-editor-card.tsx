import {
  ActionIcon,
  Box,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  Stack,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
  useMatches,
} from '@mantine/core';
import { ANSWER_MAX } from '@shared/schemas/question';
import { IconArrowBackUp, IconCopy, IconHistory, IconSparkles } from '@tabler/icons-react';
import type { AnswerEditor } from '../../hooks/use-answer-editor';
import {
  CLASSIFICATION_COLORS,
  CLASSIFICATION_LABELS,
  type SaveLabel,
  showTemplates,
  valuesOf,
} from '../../utils/answer-editor';
import { ANSWER_TEMPLATES } from '../../utils/answer-templates';
import { ClassificationGroup } from './classification-group';
import { COPIED, copyText } from './clipboard';
import { MESSAGES } from './messages';

export interface AnswerEditorCardProps {
  editor: AnswerEditor;
  privateProject: boolean;
  canAnswer: boolean;
  saveLabel: SaveLabel;
  saving: boolean;
  onSave: () => void;
  onHistory: () => void;
}

/**
 * The answer editor (spec 002 §2.1): text (5 to 25 rows, at most 4000), the classification, Include
 * in Library, template chips while the question is unanswered, Undo Changes and the save button.
 */
export function AnswerEditorCard({
  editor,
  privateProject,
  canAnswer,
  saveLabel,
  saving,
  onSave,
  onHistory,
}: AnswerEditorCardProps) {
  const { draft, changed } = editor;
  // On a phone the two buttons share one row under the library flag.
  const wide = useMatches({ base: false, xs: true });
  const tooLong = draft.answer.length > ANSWER_MAX;
  const templates = canAnswer && showTemplates(valuesOf(editor.base));
  const library = (
    <Checkbox
      label="Include in Library"
      checked={privateProject ? false : draft.includeInLibrary}
      disabled={privateProject || !canAnswer}
      onChange={(e) => editor.edit({ includeInLibrary: e.currentTarget.checked })}
    />
  );

  return (
    <Card withBorder radius="md" padding={0} shadow="xs">
      <Stack gap="sm" p="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" component="label" htmlFor="answer-text">
            Answer
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c={tooLong ? 'red' : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {draft.answer.length} / {ANSWER_MAX}
            </Text>
            <Tooltip label="Copy answer" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Copy answer"
                disabled={!draft.answer}
                onClick={() => copyText(draft.answer, COPIED.answer)}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="History" withArrow>
              <ActionIcon variant="subtle" color="gray" aria-label="Answer history" onClick={onHistory}>
                <IconHistory size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Textarea
          id="answer-text"
          autosize
          minRows={5}
          maxRows={25}
          maxLength={ANSWER_MAX}
          value={draft.answer}
          readOnly={!canAnswer}
          placeholder={canAnswer ? 'Write the answer, or start from a template below' : 'No answer yet'}
          onChange={(e) => editor.edit({ answer: e.currentTarget.value })}
          error={tooLong ? `An answer can be at most ${ANSWER_MAX} characters` : undefined}
          styles={{ input: { fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1.55 } }}
        />
        {templates ? (
          <Box aria-label="Answer templates" role="group">
            <Group gap={6} mb={6}>
              <IconSparkles size={14} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed" fw={600}>
                Start from a template
              </Text>
            </Group>
            <Group gap={6} wrap="wrap">
              {ANSWER_TEMPLATES.map((t) => (
                <UnstyledButton
                  key={t.id}
                  onClick={() => editor.edit({ answer: t.answer, responseClassification: t.classification })}
                  px={10}
                  py={3}
                  fz="xs"
                  title={t.answer}
                  style={{
                    border: '1px solid var(--mantine-color-gray-3)',
                    borderRadius: 999,
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 6,
                  }}
                >
                  <Box
                    component="span"
                    w={7}
                    h={7}
                    style={{
                      borderRadius: 999,
                      background: `var(--mantine-color-${CLASSIFICATION_COLORS[t.classification]}-6)`,
                    }}
                  />
                  {t.label}
                </UnstyledButton>
              ))}
            </Group>
          </Box>
        ) : null}
        <Box>
          <Group gap={4} justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
              Compliance Status
            </Text>
            <Tooltip label="Copy compliance status" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label="Copy compliance status"
                onClick={() =>
                  copyText(CLASSIFICATION_LABELS[draft.responseClassification], COPIED.compliance)
                }
              >
                <IconCopy size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <ClassificationGroup
            value={draft.responseClassification}
            onChange={(responseClassification) => editor.edit({ responseClassification })}
            disabled={!canAnswer}
          />
        </Box>
      </Stack>
      <Divider color="gray.2" />
      <Group justify="space-between" gap="sm" px="md" py="sm" wrap="wrap" bg="gray.0">
        {privateProject ? (
          <Tooltip label={MESSAGES.privateLibrary} withArrow multiline w={260}>
            <div>{library}</div>
          </Tooltip>
        ) : (
          library
        )}
        {canAnswer ? (
          <Group gap="xs" ml="auto" wrap="nowrap" justify="flex-end" style={{ flexShrink: 0 }}>
            <Button
              variant="subtle"
              color="gray"
              leftSection={wide ? <IconArrowBackUp size={16} /> : undefined}
              px="xs"
              disabled={!changed || saving}
              onClick={editor.undo}
            >
              Undo Changes
            </Button>
            <Button disabled={!changed || tooLong} loading={saving} onClick={onSave} miw={104}>
              {saveLabel}
            </Button>
          </Group>
        ) : null}
      </Group>
    </Card>
  );
}
