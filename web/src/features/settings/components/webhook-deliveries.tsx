import { Alert, Badge, Button, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Webhook } from '@shared/schemas/webhook';
import { IconRefresh } from '@tabler/icons-react';
import { useWebhookDeliveries } from '@/features/settings/api/list-webhook-deliveries';
import { useResendWebhookDelivery } from '@/features/settings/api/resend-webhook-delivery';
import { deliveryState, eventLabel, WEBHOOK_MESSAGES } from '@/features/settings/utils/webhooks';
import { fullDateTime, relativeTime } from '@/lib/dates';
import { notifyError, notifySuccess } from '@/lib/notify';

/** An endpoint's deliveries, newest first: status, response, latency, attempts, and Resend. */
export function WebhookDeliveries({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  return (
    <Drawer
      opened={!!webhook}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Text fw={600}>Deliveries</Text>}
    >
      {webhook ? <DeliveryList webhook={webhook} /> : null}
    </Drawer>
  );
}

function DeliveryList({ webhook }: { webhook: Webhook }) {
  const deliveries = useWebhookDeliveries(webhook.webhookId);
  const resend = useResendWebhookDelivery();
  const items = deliveries.data?.pages.flatMap((p) => p.items) ?? [];

  if (deliveries.isPending)
    return (
      <Stack gap="sm" role="status" aria-label="Loading the deliveries">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  if (deliveries.isError)
    return (
      <Alert color="red" variant="light" title={WEBHOOK_MESSAGES.deliveries}>
        <Button size="xs" variant="light" color="red" onClick={() => void deliveries.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {webhook.url}
      </Text>
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" c="dimmed" ta="center">
            No deliveries yet. Events you chose are sent here as they happen; try Send test event.
          </Text>
        </Paper>
      ) : null}
      {items.map((d) => {
        const state = deliveryState(d.status);
        return (
          <Paper key={d.deliveryId} withBorder radius="md" p="sm" data-testid="webhook-delivery">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Badge color={state.color} variant="light">
                    {state.label}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {eventLabel(d.eventType)}
                  </Text>
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {d.summary}
                </Text>
                <Text size="xs" c="dimmed" title={fullDateTime(d.createdAt)}>
                  {[
                    relativeTime(d.createdAt),
                    d.responseCode !== null ? `HTTP ${d.responseCode}` : null,
                    d.latencyMs !== null ? `${d.latencyMs} ms` : null,
                    `${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`,
                    d.resendOf ? 'resent' : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {d.error && d.status !== 'SUCCEEDED' ? (
                  <Text size="xs" c={d.status === 'FAILED' ? 'red' : 'orange'}>
                    {d.error}
                    {d.nextAttemptAt ? ` · next try ${relativeTime(d.nextAttemptAt)}` : ''}
                  </Text>
                ) : null}
              </Stack>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                loading={resend.isPending && resend.variables?.deliveryId === d.deliveryId}
                onClick={() =>
                  resend.mutate(
                    { webhookId: webhook.webhookId, deliveryId: d.deliveryId },
                    {
                      onSuccess: () => notifySuccess('Sent again as a new delivery'),
                      onError: () => notifyError(WEBHOOK_MESSAGES.resend),
                    },
                  )
                }
              >
                Resend
              </Button>
            </Group>
          </Paper>
        );
      })}
      {deliveries.hasNextPage ? (
        <Button
          variant="subtle"
          onClick={() => void deliveries.fetchNextPage()}
          loading={deliveries.isFetchingNextPage}
        >
          Show older deliveries
        </Button>
      ) : null}
    </Stack>
  );
}
