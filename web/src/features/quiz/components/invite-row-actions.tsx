import { Button, Group, Text, Tooltip } from '@mantine/core';
import type { PermissionMap } from '@shared/permissions';
import { QUIZ_MESSAGES, type QuizInvite } from '@shared/schemas/quiz';
import { IconArrowRight, IconCheck, IconDownload, IconEye, IconX } from '@tabler/icons-react';
import { type InviteAction, type InviteBox, inviteActions } from '@/features/quiz/utils/invites';

export interface InviteRowActionsProps {
  invite: QuizInvite;
  box: InviteBox;
  permissions: PermissionMap;
  /** The action on its way for this row, if any. */
  busy: InviteAction | null;
  onAction: (action: InviteAction) => void;
  /** Where the buttons sit: at the row's end (a table) or its start (a card). */
  align?: 'start' | 'end';
}

/** A row's actions by status (spec 002 §4); other statuses show none. */
export function InviteRowActions({
  invite,
  box,
  permissions,
  busy,
  onAction,
  align = 'end',
}: InviteRowActionsProps) {
  const actions = inviteActions(invite, box, permissions);
  const waiting = busy !== null;
  if (actions.length === 0) {
    if (box === 'inbox' && invite.inviteStatus === 'UNCLAIMED')
      return (
        <Tooltip label={QUIZ_MESSAGES.notClaimable} multiline w={240} withArrow>
          <Text size="xs" c="dimmed" ta={align === 'end' ? 'right' : 'left'} tabIndex={0}>
            For {invite.emailAddress}
          </Text>
        </Tooltip>
      );
    return null;
  }
  const name = invite.quizName;
  return (
    <Group gap={6} justify={align === 'end' ? 'flex-end' : 'flex-start'} wrap="wrap">
      {actions.includes('accept') ? (
        <Button
          size="compact-sm"
          leftSection={<IconCheck size={14} />}
          loading={busy === 'accept'}
          disabled={waiting && busy !== 'accept'}
          onClick={() => onAction('accept')}
          aria-label={`Accept ${name}`}
        >
          Accept
        </Button>
      ) : null}
      {actions.includes('decline') ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconX size={14} />}
          loading={busy === 'decline'}
          disabled={waiting && busy !== 'decline'}
          onClick={() => onAction('decline')}
          aria-label={`Decline ${name}`}
        >
          Decline
        </Button>
      ) : null}
      {actions.includes('open-project') ? (
        <Button
          size="compact-sm"
          variant="light"
          rightSection={<IconArrowRight size={14} />}
          onClick={() => onAction('open-project')}
        >
          Open Project
        </Button>
      ) : null}
      {actions.includes('cancel') ? (
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconX size={14} />}
          loading={busy === 'cancel'}
          onClick={() => onAction('cancel')}
          aria-label={`Cancel the invitation to ${invite.emailAddress}`}
        >
          Cancel
        </Button>
      ) : null}
      {actions.includes('view-answers') ? (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconEye size={14} />}
          onClick={() => onAction('view-answers')}
        >
          View Answers
        </Button>
      ) : null}
      {actions.includes('export') ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={14} />}
          loading={busy === 'export'}
          onClick={() => onAction('export')}
        >
          Export XLSX
        </Button>
      ) : null}
    </Group>
  );
}
