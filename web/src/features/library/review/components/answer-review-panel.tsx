import '@mantine/dates/styles.css';
import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { Answer } from '@shared/schemas/answer';
import { IconCalendar, IconCircleCheck } from '@tabler/icons-react';
import { UserAvatar } from '@/components/user-avatar';
import type { Author } from '@/features/library/api/list-team-members';
import { useConfirmAnswer } from '@/features/library/review/api/confirm-answer';
import { useAnswerHistory } from '@/features/library/review/api/list-answer-history';
import { useUpdateAnswerReview } from '@/features/library/review/api/update-answer-review';
import { dueState, HISTORY_LABEL, localToday } from '@/features/library/review/utils';
import { isApiError } from '@/lib/api-client';
import { formatCalendarDate, fullDateTime } from '@/lib/dates';
import { notifyError, notifySuccess } from '@/lib/notify';

const ERRORS = {
  confirm: 'There was an error confirming that answer',
  update: 'There was an error changing the review of that answer',
  stale: 'Someone changed this answer meanwhile. Reopen it to see their version.',
} as const;

function Label({ children }: { children: React.ReactNode }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
      {children}
    </Text>
  );
}

function Person({ author }: { author: Author | undefined }) {
  const name = author?.fullName ?? 'Former member';
  return (
    <Group gap={6} wrap="nowrap">
      <UserAvatar fullName={name} photo={author?.photo} size={22} />
      <Text size="sm" truncate>
        {name}
      </Text>
    </Group>
  );
}

/**
 * The answer's owner, last review and next review (issue 28), in Answer Insights: a library manager
 * changes the owner and the answer's own review-by date (cleared, the team's cycle gives it); whoever
 * may restore it from Needs Review (ANSWER_QUESTION) confirms it unchanged. Its review history below.
 */
export function AnswerReviewPanel({
  answer,
  authors,
  canManage,
  canAnswer,
}: {
  answer: Answer;
  authors: Map<string, Author>;
  canManage: boolean;
  /** ANSWER_QUESTION: may confirm it unchanged (as they may restore it). */
  canAnswer: boolean;
}) {
  const confirm = useConfirmAnswer();
  const update = useUpdateAnswerReview();
  const history = useAnswerHistory(answer.answerId);
  const ownerId = answer.ownerUserId ?? answer.createdByUserId;
  const canConfirm = canAnswer && answer.answerStatus !== 'ARCHIVED';
  const state = dueState(answer.nextReviewOn, localToday());
  const busy = confirm.isPending || update.isPending;

  const change = async (body: Parameters<typeof update.mutateAsync>[0]['body'], done: string) => {
    try {
      await update.mutateAsync({ answerId: answer.answerId, body: { ...body, version: answer.version } });
      notifySuccess(done);
    } catch (error) {
      notifyError(isApiError(error) && error.status === 409 ? ERRORS.stale : ERRORS.update);
    }
  };
  const confirmUnchanged = async () => {
    try {
      await confirm.mutateAsync({ answerId: answer.answerId, version: answer.version });
      notifySuccess('Answer confirmed: next review set');
    } catch (error) {
      notifyError(isApiError(error) && error.status === 409 ? ERRORS.stale : ERRORS.confirm);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" aria-label="Review">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} size="sm">
            Review
          </Text>
          {canConfirm ? (
            <Button
              size="xs"
              leftSection={<IconCircleCheck size={16} />}
              loading={confirm.isPending}
              disabled={busy}
              onClick={() => void confirmUnchanged()}
            >
              Confirm unchanged
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Stack gap={4}>
            <Label>Owner</Label>
            {canManage ? (
              <Select
                aria-label="Owner"
                size="xs"
                data={[...authors].map(([userId, a]) => ({
                  value: userId,
                  label: a.fullName || 'Unnamed member',
                }))}
                value={ownerId}
                allowDeselect={false}
                searchable
                disabled={busy}
                comboboxProps={{ withinPortal: true, zIndex: 400 }}
                onChange={(value) => {
                  if (value && value !== ownerId) void change({ ownerUserId: value }, 'Owner changed');
                }}
              />
            ) : (
              <Person author={authors.get(ownerId)} />
            )}
          </Stack>
          <Stack gap={4}>
            <Label>Last review</Label>
            {answer.lastReviewedAt ? (
              <Text size="sm">
                {fullDateTime(answer.lastReviewedAt)}
                {answer.lastReviewedByUserId
                  ? ` by ${authors.get(answer.lastReviewedByUserId)?.fullName ?? 'a former member'}`
                  : ''}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                Not reviewed yet
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <Group gap={6}>
              <Label>Next review</Label>
              {state ? (
                <Badge size="xs" color={state === 'OVERDUE' ? 'red' : 'orange'} variant="light">
                  {state === 'OVERDUE' ? 'Overdue' : 'Due soon'}
                </Badge>
              ) : null}
            </Group>
            {canManage ? (
              <DatePickerInput
                aria-label="Next review"
                size="xs"
                placeholder="No review date"
                value={answer.reviewByOn ?? answer.nextReviewOn ?? null}
                onChange={(next) =>
                  void change(
                    { reviewByOn: typeof next === 'string' && next ? next : null },
                    typeof next === 'string' && next
                      ? 'Review date set'
                      : "Review date follows the team's cycle",
                  )
                }
                valueFormatter={({ date }) => (typeof date === 'string' ? formatCalendarDate(date) : '')}
                clearable={Boolean(answer.reviewByOn)}
                firstDayOfWeek={1}
                weekendDays={[]}
                leftSection={<IconCalendar size={14} />}
                leftSectionPointerEvents="none"
                disabled={busy}
                popoverProps={{ withinPortal: true, zIndex: 400 }}
              />
            ) : (
              <Text size="sm" c={answer.nextReviewOn ? undefined : 'dimmed'}>
                {answer.nextReviewOn ? formatCalendarDate(answer.nextReviewOn) : 'No review date'}
              </Text>
            )}
            {canManage ? (
              <Text size="xs" c="dimmed">
                {answer.reviewByOn ? 'Set on this answer' : "From the team's review cycle"}
              </Text>
            ) : null}
          </Stack>
        </SimpleGrid>
        <Stack gap={4}>
          <Label>Review history</Label>
          {history.isPending ? (
            <Loader size="xs" />
          ) : (history.data ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              No reviews yet
            </Text>
          ) : (
            <Timeline bulletSize={10} lineWidth={1} mt={4}>
              {(history.data ?? []).slice(0, 6).map((h) => (
                <Timeline.Item
                  key={`${h.at}:${h.kind}:${h.otherQuestion ?? ''}`}
                  title={<Text size="sm">{HISTORY_LABEL[h.kind]}</Text>}
                >
                  {h.otherQuestion ? (
                    <Text size="xs" lineClamp={2}>
                      “{h.otherQuestion}”
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {h.byUserId ? `${authors.get(h.byUserId)?.fullName ?? 'A former member'} · ` : ''}
                    {h.kind === 'OWNER_CHANGED' && h.ownerUserId
                      ? `to ${authors.get(h.ownerUserId)?.fullName ?? 'a former member'} · `
                      : ''}
                    {fullDateTime(h.at)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
