import { Button, Tooltip } from '@mantine/core';
import { IconBell, IconBellRingingFilled } from '@tabler/icons-react';
import { useSubscription } from '@/features/answering/api/get-subscription';
import { useSubscribe } from '@/features/answering/api/subscribe';
import { useUnsubscribe } from '@/features/answering/api/unsubscribe';
import { SUBSCRIBE_ERROR, UNSUBSCRIBE_ERROR } from '@/features/answering/components/collaboration/messages';
import { notifyError } from '@/lib/notify';

export interface SubscriptionToggleProps {
  projectId: string;
  questionId: string;
}

/** Subscribe to (or stop) e-mails about the question's new comments. */
export function SubscriptionToggle({ projectId, questionId }: SubscriptionToggleProps) {
  const { data, isPending } = useSubscription(projectId, questionId);
  const subscribe = useSubscribe(projectId, questionId);
  const unsubscribe = useUnsubscribe(projectId, questionId);
  const subscribed = data?.userSubscribed ?? false;
  const saving = subscribe.isPending || unsubscribe.isPending;

  const toggle = () => {
    if (subscribed) unsubscribe.mutate(undefined, { onError: () => notifyError(UNSUBSCRIBE_ERROR) });
    else subscribe.mutate(undefined, { onError: () => notifyError(SUBSCRIBE_ERROR) });
  };

  return (
    <Tooltip
      label={
        subscribed ? 'You get e-mails about new comments. Click to stop.' : 'Get e-mails about new comments'
      }
      withArrow
      openDelay={300}
      multiline
      w={220}
    >
      <Button
        size="compact-sm"
        variant={subscribed ? 'light' : 'default'}
        color={subscribed ? 'indigo' : 'gray'}
        fw={500}
        leftSection={subscribed ? <IconBellRingingFilled size={14} /> : <IconBell size={14} stroke={1.8} />}
        onClick={toggle}
        loading={saving}
        disabled={isPending}
        aria-pressed={subscribed}
        data-testid="subscription-toggle"
      >
        {subscribed ? 'Subscribed' : 'Subscribe'}
      </Button>
    </Tooltip>
  );
}
