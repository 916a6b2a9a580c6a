import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import type { Answer } from '@shared/schemas/answer';
import { IconArchive, IconArrowBackUp, IconEdit, IconFlag, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { UserAvatar } from '@/components/user-avatar';
import { useDeleteAnswer } from '@/features/library/api/delete-answer';
import { useAnswer } from '@/features/library/api/get-answer';
import type { Author } from '@/features/library/api/list-team-members';
import { useReplaceAnswer } from '@/features/library/api/replace-answer';
import { useUpdateAnswer } from '@/features/library/api/update-answer';
import { AnswerReviewPanel } from '@/features/library/review/components/answer-review-panel';
import { CREATION_LABEL, STATUS_PILL } from '@/features/library/utils/collections';
import { displayTags } from '@/features/library/utils/tags';
import { isApiError } from '@/lib/api-client';
import { fullDateTime } from '@/lib/dates';
import { notifyError, notifySuccess } from '@/lib/notify';
import { AnswerFormModal } from './answer-form-modal';
import { AnswerTagsEditor } from './answer-tags-editor';
import { FlagDialog } from './flag-dialog';

export const LIBRARY_ERRORS = {
  update: 'There was an error updating that answer',
  delete: 'There was an error deleting that answer',
  replace: 'There was an error replacing that answer',
  analytics: 'There was an error retrieving analytics for that answer',
  favourite: 'There was an error setting that answer to be a favourite',
} as const;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * Answer Insights (spec 002 §2.2): Overview, Usage (disabled without usage) and Settings (tags, the
 * caller's favourite), with Edit (Replace Answer), Delete Answer, Archive Answer, Flag for Review and
 * Restore Answer, each enabled as §4 says.
 */
export function AnswerInsightsModal({
  answerId,
  authors,
  canManage,
  canAnswer,
  onClose,
}: {
  answerId: string | null;
  authors: Map<string, Author>;
  canManage: boolean;
  canAnswer: boolean;
  onClose: () => void;
}) {
  const query = useAnswer(answerId);
  const update = useUpdateAnswer();
  const remove = useDeleteAnswer();
  const replace = useReplaceAnswer();
  const [editing, setEditing] = useState(false);
  const [flagging, setFlagging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const answer: Answer | undefined = query.data?.answer;
  const usage = query.data?.usage ?? [];
  const author = answer ? authors.get(answer.createdByUserId) : undefined;
  const pill = answer ? STATUS_PILL[answer.answerStatus] : undefined;
  const busy = update.isPending || remove.isPending;

  const setStatus = async (
    body: Parameters<typeof update.mutateAsync>[0]['body'],
    done: string,
    error: string = LIBRARY_ERRORS.update,
  ) => {
    if (!answerId) return;
    try {
      await update.mutateAsync({ answerId, body });
      notifySuccess(done);
    } catch {
      notifyError(error);
    }
  };

  return (
    <>
      <Modal
        opened={answerId !== null && !editing}
        onClose={onClose}
        title={
          <Text fw={650} size="lg">
            Answer Insights
          </Text>
        }
        size="xl"
        centered
      >
        {query.isError ? (
          <Alert color="red" variant="light">
            {LIBRARY_ERRORS.analytics}
          </Alert>
        ) : !answer ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : (
          <Stack gap="md">
            <Tabs defaultValue="overview" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="overview">Overview</Tabs.Tab>
                <Tooltip label="This answer has not been used on a question yet" disabled={usage.length > 0}>
                  <Tabs.Tab value="usage" disabled={usage.length === 0}>
                    Usage
                  </Tabs.Tab>
                </Tooltip>
                <Tabs.Tab value="settings">Settings</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="overview" pt="md">
                <Stack gap="md">
                  <Field label="Question">
                    <Text size="sm" fw={600}>
                      {answer.originalQuestion}
                    </Text>
                  </Field>
                  <Paper withBorder radius="md" p="md" bg="gray.0">
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {answer.answer}
                    </Text>
                  </Paper>
                  {answer.flaggedReason ? (
                    <Alert color="yellow" variant="light" icon={<IconFlag size={16} />} title="Needs Review">
                      {answer.flaggedReason}
                    </Alert>
                  ) : null}
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
                    <Field label="Status">
                      <Badge variant="light" color={pill?.color ?? 'green'} w="fit-content">
                        {pill?.label ?? 'Available'}
                      </Badge>
                    </Field>
                    <Field label="Added by">
                      <Group gap={6} wrap="nowrap">
                        <UserAvatar
                          fullName={author?.fullName ?? 'Former member'}
                          photo={author?.photo}
                          size={22}
                        />
                        <Text size="sm" truncate>
                          {author?.fullName ?? 'Former member'}
                        </Text>
                      </Group>
                    </Field>
                    <Field label="Added">
                      <Text size="sm">{fullDateTime(answer.createdAt)}</Text>
                    </Field>
                    <Field label="Source">
                      <Text size="sm">{CREATION_LABEL[answer.creationMethod]}</Text>
                    </Field>
                  </SimpleGrid>
                  <AnswerReviewPanel
                    answer={answer}
                    authors={authors}
                    canManage={canManage}
                    canAnswer={canAnswer}
                  />
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="usage" pt="md">
                <Stack gap="xs">
                  {usage.map((u) => (
                    <Paper key={`${u.projectId}:${u.questionId}`} withBorder p="sm" radius="md">
                      <Text size="sm" fw={600}>
                        {u.question}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {u.project.name} · {fullDateTime(u.updatedAt)}
                      </Text>
                    </Paper>
                  ))}
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="settings" pt="md">
                <Stack gap="md">
                  <Field label="Tags">
                    {canAnswer ? (
                      <AnswerTagsEditor answerId={answer.answerId} tags={answer.tags} disabled={busy} />
                    ) : answer.tags.length ? (
                      <Group gap={6}>
                        {displayTags(answer.tags).map((t) => (
                          <Badge key={t} variant="outline" color="gray" radius="sm">
                            {t}
                          </Badge>
                        ))}
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        No tags
                      </Text>
                    )}
                  </Field>
                  <Checkbox
                    label="Favourite"
                    description="Your favourites are listed under Favourites here and in the answering screen."
                    checked={answer.isFavourite}
                    disabled={busy}
                    onChange={(e) =>
                      void setStatus(
                        { isFavourite: e.currentTarget.checked },
                        e.currentTarget.checked ? 'Added to your favourites' : 'Removed from your favourites',
                        LIBRARY_ERRORS.favourite,
                      )
                    }
                  />
                </Stack>
              </Tabs.Panel>
            </Tabs>
            <Group
              justify="space-between"
              pt="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group gap="xs">
                {canAnswer ? (
                  <>
                    <Button
                      variant="default"
                      leftSection={<IconArchive size={16} />}
                      disabled={busy || answer.answerStatus === 'ARCHIVED'}
                      onClick={() => void setStatus({ answerStatus: 'ARCHIVED' }, 'Answer archived')}
                    >
                      Archive Answer
                    </Button>
                    <Button
                      variant="default"
                      leftSection={<IconFlag size={16} />}
                      disabled={busy || answer.answerStatus === 'FLAGGED'}
                      onClick={() => setFlagging(true)}
                    >
                      Flag for Review
                    </Button>
                    <Button
                      variant="default"
                      leftSection={<IconArrowBackUp size={16} />}
                      disabled={busy || answer.answerStatus === 'IN-USE'}
                      onClick={() => void setStatus({ answerStatus: 'IN-USE' }, 'Answer restored')}
                    >
                      Restore Answer
                    </Button>
                  </>
                ) : null}
              </Group>
              {canManage ? (
                <Group gap="xs">
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    disabled={busy}
                    onClick={() => setDeleting(true)}
                  >
                    Delete Answer
                  </Button>
                  <Button
                    leftSection={<IconEdit size={16} />}
                    disabled={busy}
                    onClick={() => setEditing(true)}
                  >
                    Edit
                  </Button>
                </Group>
              ) : null}
            </Group>
            {answer.isFavourite ? (
              <Group gap={4} c="yellow.7">
                <IconStar size={14} />
                <Text size="xs">One of your favourites</Text>
              </Group>
            ) : null}
          </Stack>
        )}
      </Modal>
      {answer ? (
        <AnswerFormModal
          opened={editing}
          title="Replace Answer"
          submitLabel="Replace"
          initial={{ question: answer.originalQuestion, answer: answer.answer }}
          saving={replace.isPending}
          onClose={() => setEditing(false)}
          onSubmit={async (values) => {
            try {
              await replace.mutateAsync({
                answerId: answer.answerId,
                body: { answer: values.answer, originalQuestion: values.question, version: answer.version },
              });
              notifySuccess('Answer replaced');
              setEditing(false);
            } catch (error) {
              notifyError(
                isApiError(error) && error.status === 409
                  ? 'Someone changed this answer meanwhile. Reopen it to see their version.'
                  : LIBRARY_ERRORS.replace,
              );
              throw error;
            }
          }}
        />
      ) : null}
      <FlagDialog
        opened={flagging}
        saving={update.isPending}
        onCancel={() => setFlagging(false)}
        onFlag={(flaggedReason, flaggedText) => {
          setFlagging(false);
          void setStatus(
            { answerStatus: 'FLAGGED', flaggedReason, ...(flaggedText ? { flaggedText } : {}) },
            'Answer flagged for review',
          );
        }}
      />
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete Answer"
        centered
        size="sm"
        zIndex={350}
      >
        <Text size="sm">The answer leaves the library for everyone in your team. This cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={async () => {
              if (!answerId) return;
              try {
                await remove.mutateAsync(answerId);
                notifySuccess('Answer deleted');
                setDeleting(false);
                onClose();
              } catch {
                notifyError(LIBRARY_ERRORS.delete);
              }
            }}
          >
            Delete Answer
          </Button>
        </Group>
      </Modal>
    </>
  );
}
