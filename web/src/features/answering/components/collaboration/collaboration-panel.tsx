import { Badge, CloseButton, Group, Loader, Tabs, Text, Title } from '@mantine/core';
import type { Project } from '@shared/schemas/project';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useActivity } from '@/features/answering/api/list-activity';
import { useComments } from '@/features/answering/api/list-comments';
import { ActivityFeed } from '@/features/answering/components/collaboration/activity-feed';
import { CommentComposer } from '@/features/answering/components/collaboration/comment-composer';
import { CommentList } from '@/features/answering/components/collaboration/comment-list';
import { useTeamMembers } from '@/features/answering/components/collaboration/member-names';
import { FETCH_ACTIVITY_ERROR } from '@/features/answering/components/collaboration/messages';
import { SubscriptionToggle } from '@/features/answering/components/collaboration/subscription-toggle';
import { useErrorToast } from '@/hooks/use-error-toast';
import { useCurrentUser } from '@/lib/current-user';
import classes from './collaboration-panel.module.css';

export interface CollaborationPanelProps {
  project: Project;
  questionId: string;
  onClose: () => void;
}

type Tab = 'discussion' | 'activity';

/**
 * The 420 px collaboration panel (spec 002 §2.1, §3): the question's discussion (oldest first, with
 * the composer unless the project is complete), its activity (newest first) and the caller's
 * subscription. Live events refresh the comments and activity queries.
 */
export function CollaborationPanel({ project, questionId, onClose }: CollaborationPanelProps) {
  const { projectId } = project;
  const [tab, setTab] = useState<Tab>('discussion');
  const comments = useComments(projectId, questionId);
  const activity = useActivity(projectId, questionId, { enabled: tab === 'activity' });
  const { members, byId, names } = useTeamMembers(projectId);
  const { data: me } = useCurrentUser();
  const mentionable = useMemo(() => members.filter((m) => m.userId !== me?.userId), [members, me?.userId]);
  const completed = project.projectStatus === 'COMPLETE';

  useErrorToast(comments.isError, comments.errorUpdatedAt, FETCH_ACTIVITY_ERROR);
  useErrorToast(activity.isError, activity.errorUpdatedAt, FETCH_ACTIVITY_ERROR);

  // Keep the newest comment in view: on opening, on a new comment (own or live), on switching back.
  const viewport = useRef<HTMLDivElement>(null);
  const count = comments.data?.length ?? 0;
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: el.scrollHeight });
  }, [count, questionId, tab]);

  return (
    <div className={classes.panel} data-testid="collaboration-panel">
      <Group justify="space-between" wrap="nowrap" px="md" pt="sm" pb={6} gap="xs">
        <Title order={2} size="h5" fw={650}>
          Collaboration
        </Title>
        <Group gap={6} wrap="nowrap">
          <SubscriptionToggle projectId={projectId} questionId={questionId} />
          <CloseButton aria-label="Close collaboration panel" onClick={onClose} />
        </Group>
      </Group>

      <Tabs
        value={tab}
        onChange={(value) => setTab((value as Tab | null) ?? 'discussion')}
        className={classes.tabs}
        keepMounted={false}
      >
        <Tabs.List px="md">
          <Tabs.Tab
            value="discussion"
            fz="sm"
            rightSection={
              count > 0 ? (
                <Badge size="xs" variant="light" color="gray" radius="sm" data-testid="comment-count">
                  {count}
                </Badge>
              ) : null
            }
          >
            Discussion
          </Tabs.Tab>
          <Tabs.Tab value="activity" fz="sm">
            Activity
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="discussion" className={classes.tabPanel}>
          <div ref={viewport} className={classes.scroll}>
            {comments.isPending ? (
              <Group justify="center" py="xl">
                <Loader size="sm" />
              </Group>
            ) : (
              <CommentList comments={comments.data ?? []} byId={byId} />
            )}
          </div>
          {completed ? (
            <Text
              size="xs"
              c="dimmed"
              ta="center"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            >
              This project is complete; its discussion is read-only.
            </Text>
          ) : (
            <CommentComposer
              key={questionId}
              projectId={projectId}
              questionId={questionId}
              members={members}
              mentionable={mentionable}
            />
          )}
        </Tabs.Panel>

        <Tabs.Panel value="activity" className={classes.tabPanel}>
          <div className={classes.scroll}>
            {activity.isPending ? (
              <Group justify="center" py="xl">
                <Loader size="sm" />
              </Group>
            ) : (
              <ActivityFeed entries={activity.data ?? []} names={names} />
            )}
          </div>
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
