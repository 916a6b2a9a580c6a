import { Alert, Checkbox, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { ExportPreview } from '@shared/schemas/source';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface ExportProblemsProps {
  preview: ExportPreview;
  /** Whether the user chose to write a legacy-encoded CSV as UTF-8 instead. */
  utf8: boolean;
  onUtf8Change: (utf8: boolean) => void;
}

/** Whether the export can run as chosen: a file whose encoding cannot hold every answer needs UTF-8. */
export const exportAllowed = (preview: ExportPreview | undefined, utf8: boolean) =>
  Boolean(preview) && (!preview?.unrepresentable || utf8);

/**
 * What the answered file will not hold as the project does, before it is downloaded: answers a
 * protected sheet's locked cells leave out, and characters the file's encoding cannot hold (with
 * the choice to write UTF-8 instead; nothing is ever replaced silently).
 */
export function ExportProblems({ preview, utf8, onUtf8Change }: ExportProblemsProps) {
  const problems = preview.problems ?? [];
  if (!problems.length && !preview.unrepresentable) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`${problems.length} ${problems.length === 1 ? 'question needs' : 'questions need'} your attention`}
      data-testid="export-problems"
    >
      <Stack gap="xs">
        {problems.length ? (
          <ScrollArea.Autosize mah={140} type="auto">
            <List size="sm" spacing={2}>
              {problems.map((problem, i) => (
                <List.Item key={`${problem.questionId}-${i}`}>
                  {problem.referenceNumber ? (
                    <Text span fw={600} size="sm">{`${problem.referenceNumber}: `}</Text>
                  ) : null}
                  {problem.message}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        ) : null}
        {preview.unrepresentable ? (
          <>
            <Text size="sm">
              This file is saved in {preview.unrepresentable.encoding}, which cannot hold{' '}
              {preview.unrepresentable.characters.map((c) => `“${c}”`).join(', ')}.
            </Text>
            <Checkbox
              checked={utf8}
              onChange={(event) => onUtf8Change(event.currentTarget.checked)}
              label="Write as UTF-8 instead"
            />
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}
