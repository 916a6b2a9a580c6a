import { Avatar, Badge, Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Comment } from '@shared/schemas/discussion';
import { IconMail, IconMessages } from '@tabler/icons-react';
import { UserAvatar } from '@/components/user-avatar';
import type { TeamMember } from '@/features/answering/components/collaboration/member-names';
import { FORMER_MEMBER } from '@/features/answering/utils/activity-description';
import { formatLongDate, fullDateTime } from '@/lib/dates';

export interface CommentListProps {
  comments: readonly Comment[];
  byId: ReadonlyMap<string, TeamMember>;
}

/** The discussion, oldest first (spec 002 §2.1): author, date, text with highlighted mentions. */
export function CommentList({ comments, byId }: CommentListProps) {
  if (comments.length === 0) {
    return (
      <Stack align="center" gap={6} py={48} px="lg" ta="center">
        <ThemeIcon variant="light" color="gray" size={40} radius="xl">
          <IconMessages size={20} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} size="sm">
          No comments yet
        </Text>
        <Text size="xs" c="dimmed" maw={260}>
          Start the discussion. Type @ to mention a teammate; they will be notified.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={0} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Comments">
      {comments.map((comment) => (
        <CommentItem key={comment.commentId} comment={comment} byId={byId} />
      ))}
    </Stack>
  );
}

function CommentItem({ comment, byId }: { comment: Comment; byId: ReadonlyMap<string, TeamMember> }) {
  const member = comment.createdByUserId ? byId.get(comment.createdByUserId) : undefined;
  const fromEmail = comment.commentData?.fromEmailAddress;
  const author = member?.fullName ?? (comment.createdByUserId ? FORMER_MEMBER : (fromEmail ?? FORMER_MEMBER));
  return (
    <Box
      component="li"
      px="md"
      py={10}
      data-testid="comment"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
    >
      <Group gap={10} align="flex-start" wrap="nowrap">
        {member || !fromEmail ? (
          <UserAvatar fullName={author} photo={member?.photo} size={28} mt={2} />
        ) : (
          <Avatar size={28} radius="xl" color="gray" mt={2} aria-label={fromEmail}>
            <IconMail size={15} stroke={1.6} />
          </Avatar>
        )}
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={2} style={{ columnGap: 8 }} wrap="wrap" justify="space-between" align="baseline">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="comment-author">
              {author}
            </Text>
            <Text
              size="xs"
              c="dimmed"
              style={{ whiteSpace: 'nowrap' }}
              title={fullDateTime(comment.createdAt)}
            >
              {formatLongDate(comment.createdAt)}
            </Text>
          </Group>
          {fromEmail ? (
            <Badge
              variant="light"
              color="gray"
              size="xs"
              radius="sm"
              leftSection={<IconMail size={10} />}
              mt={2}
              tt="none"
              fw={500}
            >
              {member ? `By e-mail from ${fromEmail}` : 'By e-mail'}
            </Badge>
          ) : null}
          <Text
            size="sm"
            mt={4}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="comment-body"
          >
            {comment.segments.map((segment, index) =>
              segment.type === 'TEXT' ? (
                <span key={index}>{segment.content}</span>
              ) : (
                <Mention key={index} name={byId.get(segment.content)?.fullName ?? FORMER_MEMBER} />
              ),
            )}
          </Text>
        </Box>
      </Group>
    </Box>
  );
}

function Mention({ name }: { name: string }) {
  return (
    <Text
      component="span"
      inherit
      fw={600}
      c="indigo.8"
      bg="indigo.0"
      px={3}
      style={{ borderRadius: 4 }}
      data-testid="comment-mention"
    >
      @{name}
    </Text>
  );
}
