import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconExternalLink, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAutofillEmpty } from '@/features/projects/api/list-autofill-empty';
import { useQuestions } from '@/features/projects/api/list-questions';
import { type DraftDecision, useReviewDrafts } from '@/features/projects/api/review-drafts';
import { projectDashboardPath } from '@/features/projects/utils/paths';
import { isApiError } from '@/lib/api-client';
import { confidencePercent } from '@/lib/confidence';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePermissions } from '@/lib/permissions';
import { LeftEmptyList, leftEmpty } from './left-empty-list';

export const REVIEW_ERROR = 'The drafts could not be updated. Please try again.';

const confidenceColor = (confidence: number) =>
  confidence >= 0.97 ? 'teal' : confidence >= 0.93 ? 'blue' : 'yellow';

/**
 * The drafts Fill from library left on the project: each question with its proposed answer, the
 * library entry it cites and the confidence; accept (keep it, recording the library answer's use)
 * or reject (clear it) one by one or the selection at once, or open the question to edit it.
 */
export type ReviewTab = 'drafts' | 'empty';

export function DraftsReviewModal({
  projectId,
  opened,
  onClose,
  tab = 'drafts',
  onTab,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** Drafts, or the questions the latest run left empty and why (issue 28 part 6). */
  tab?: ReviewTab;
  onTab?: (tab: ReviewTab) => void;
}) {
  const questions = useQuestions(projectId);
  const empty = useAutofillEmpty(projectId, opened);
  const permissions = usePermissions().data;
  const emptyRows = leftEmpty(questions.data ?? [], empty.data ?? []);
  const review = useReviewDrafts();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const drafts = (questions.data ?? []).filter((q) => q.libraryDraft);
  const chosen = drafts.filter((q) => selected.has(q.questionId)).map((q) => q.questionId);

  const decide = (questionIds: string[], decision: DraftDecision) =>
    review.mutate(
      { projectId, questionIds, decision },
      {
        onSuccess: ({ changed }) => {
          setSelected(new Set());
          notifySuccess(
            `${changed} ${changed === 1 ? 'draft' : 'drafts'} ${decision === 'ACCEPT' ? 'accepted' : 'rejected'}`,
          );
        },
        onError: (error) => notifyError(isApiError(error) ? error.message : REVIEW_ERROR),
      },
    );

  const toggle = (questionId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(questionId)) next.delete(questionId);
      else next.add(questionId);
      return next;
    });
  const allSelected = drafts.length > 0 && chosen.length === drafts.length;

  const draftsPanel = questions.isPending ? (
    <Center py="xl">
      <Loader />
    </Center>
  ) : drafts.length === 0 ? (
    <Center py="xl">
      <Text c="dimmed">No drafts to review</Text>
    </Center>
  ) : (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Accept keeps the answer (still In Progress) and records its use; Reject clears it.
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            color="teal"
            leftSection={<IconCheck size={14} />}
            disabled={!chosen.length}
            loading={review.isPending}
            onClick={() => decide(chosen, 'ACCEPT')}
          >
            Accept {chosen.length || ''}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={14} />}
            disabled={!chosen.length}
            loading={review.isPending}
            onClick={() => decide(chosen, 'REJECT')}
          >
            Reject {chosen.length || ''}
          </Button>
        </Group>
      </Group>
      <ScrollArea.Autosize mah="65vh">
        <Table verticalSpacing="sm" highlightOnHover stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <Checkbox
                  aria-label="Select all drafts"
                  checked={allSelected}
                  indeterminate={chosen.length > 0 && !allSelected}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set(drafts.map((q) => q.questionId)))
                  }
                />
              </Table.Th>
              <Table.Th w="30%">Question</Table.Th>
              <Table.Th>Draft answer and its source</Table.Th>
              <Table.Th w={110}>Confidence</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drafts.map((q) => {
              const draft = q.libraryDraft!;
              return (
                <Table.Tr key={q.questionId} data-testid="draft-row">
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${q.question}`}
                      checked={selected.has(q.questionId)}
                      onChange={() => toggle(q.questionId)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {q.referenceNumber ? (
                      <Text size="xs" c="dimmed">
                        {q.referenceNumber}
                      </Text>
                    ) : null}
                    <Text size="sm" fw={500}>
                      {q.question}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={3}>
                      {q.answer}
                    </Text>
                    <Text size="xs" c="dimmed" mt={4}>
                      From the library: “{draft.originalQuestion}”
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={confidenceColor(draft.confidence)}>
                      {confidencePercent(draft.confidence)}%
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Accept">
                        <ActionIcon
                          variant="light"
                          color="teal"
                          aria-label={`Accept the draft for ${q.question}`}
                          onClick={() => decide([q.questionId], 'ACCEPT')}
                        >
                          <IconCheck size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Reject">
                        <ActionIcon
                          variant="light"
                          color="red"
                          aria-label={`Reject the draft for ${q.question}`}
                          onClick={() => decide([q.questionId], 'REJECT')}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Open to edit">
                        <Anchor
                          component={Link}
                          to={`${projectDashboardPath(projectId)}/${encodeURIComponent(q.questionId)}`}
                          aria-label={`Open ${q.question}`}
                          c="gray"
                          display="inline-flex"
                        >
                          <IconExternalLink size={16} />
                        </Anchor>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Review drafts from the library" size="80rem" centered>
      <Tabs
        value={tab}
        onChange={(value) => onTab?.(value === 'empty' ? 'empty' : 'drafts')}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="drafts">Drafts ({drafts.length})</Tabs.Tab>
          <Tabs.Tab value="empty">Left empty ({emptyRows.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="drafts">{draftsPanel}</Tabs.Panel>
        <Tabs.Panel value="empty">
          {questions.isPending || empty.isPending ? (
            <Center py="xl">
              <Loader />
            </Center>
          ) : (
            <LeftEmptyList
              projectId={projectId}
              rows={emptyRows}
              canAnswer={permissions?.ANSWER_QUESTION === true}
              canManageLibrary={permissions?.MANAGE_ANSWER_LIBRARY === true}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
