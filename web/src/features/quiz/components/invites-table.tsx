import { Box, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { PermissionMap } from '@shared/permissions';
import type { QuizInvite } from '@shared/schemas/quiz';
import {
  type InviteAction,
  type InviteBox,
  inviteEvent,
  plural,
  shortDate,
} from '@/features/quiz/utils/invites';
import { fullDateTime, relativeTime } from '@/lib/dates';
import { InviteRowActions } from './invite-row-actions';
import { InviteStatusBadge } from './invite-status-badge';
import classes from './quiz.module.css';

export interface InvitesTableProps {
  invites: readonly QuizInvite[];
  box: InviteBox;
  permissions: PermissionMap;
  /** The action on its way, and for which invitation. */
  busy: { quizInviteId: string; action: InviteAction } | null;
  onAction: (invite: QuizInvite, action: InviteAction) => void;
}

/**
 * The Inbox or the Sent list (spec 002 §2.5): quiz name, sender and their team, recipient e-mail,
 * date, status and the row's actions. On a phone the sender, recipient and date fold under the name.
 */
export function InvitesTable(props: InvitesTableProps) {
  return (
    <>
      <Box visibleFrom="sm">
        <InvitesRows {...props} />
      </Box>
      <Box hiddenFrom="sm">
        <InviteCards {...props} />
      </Box>
    </>
  );
}

/** On a phone: one card per invitation, its actions under it. */
function InviteCards({ invites, box, permissions, busy, onAction }: InvitesTableProps) {
  return (
    <Stack
      gap={0}
      component="ul"
      className={classes.cards}
      aria-label={box === 'inbox' ? 'Team Inbox' : 'Sent Invitations'}
    >
      {invites.map((invite) => {
        const event = inviteEvent(invite);
        return (
          <Stack
            key={invite.quizInviteId}
            component="li"
            gap={6}
            className={classes.card}
            data-invite-id={invite.quizInviteId}
          >
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} className={classes.wrapText}>
                {invite.quizName}
              </Text>
              <InviteStatusBadge status={invite.inviteStatus} box={box} />
            </Group>
            <Text size="xs" c="dimmed" className={classes.wrapText}>
              From {invite.sentBy.name}, {invite.sentBy.teamName}
              <br />
              To {invite.emailAddress}
              <br />
              {plural(invite.questionCount, 'question')} · sent {shortDate(invite.createdAt)}
              {event ? ` · ${event.label.toLowerCase()} ${relativeTime(event.at)}` : ''}
            </Text>
            <Box mt={2}>
              <InviteRowActions
                invite={invite}
                box={box}
                permissions={permissions}
                busy={busy?.quizInviteId === invite.quizInviteId ? busy.action : null}
                onAction={(action) => onAction(invite, action)}
                align="start"
              />
            </Box>
          </Stack>
        );
      })}
    </Stack>
  );
}

function InvitesRows({ invites, box, permissions, busy, onAction }: InvitesTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        className={classes.table}
        verticalSpacing={12}
        highlightOnHover
        aria-label={box === 'inbox' ? 'Team Inbox' : 'Sent Invitations'}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quiz</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th visibleFrom="md">Sent to</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => {
            const event = inviteEvent(invite);
            return (
              <Table.Tr key={invite.quizInviteId} data-invite-id={invite.quizInviteId}>
                <Table.Td>
                  <Stack gap={2} miw={0}>
                    <Text size="sm" fw={600} className={classes.wrapText}>
                      {invite.quizName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {plural(invite.questionCount, 'question')}
                    </Text>
                    <Text size="xs" c="dimmed" hiddenFrom="md" className={classes.wrapText}>
                      To {invite.emailAddress}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm">{invite.sentBy.name}</Text>
                    <Text size="xs" c="dimmed">
                      {invite.sentBy.teamName}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" className={classes.wrapText}>
                    {invite.emailAddress}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  <Stack gap={2}>
                    <Text size="sm" title={fullDateTime(invite.createdAt)}>
                      {shortDate(invite.createdAt)}
                    </Text>
                    {event ? (
                      <Text size="xs" c="dimmed" title={fullDateTime(event.at)}>
                        {event.label} {relativeTime(event.at)}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <InviteStatusBadge status={invite.inviteStatus} box={box} />
                </Table.Td>
                <Table.Td>
                  <InviteRowActions
                    invite={invite}
                    box={box}
                    permissions={permissions}
                    busy={busy?.quizInviteId === invite.quizInviteId ? busy.action : null}
                    onAction={(action) => onAction(invite, action)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
