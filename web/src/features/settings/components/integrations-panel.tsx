import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Webhook } from '@shared/schemas/webhook';
import { WEBHOOK_FORMAT_LABELS } from '@shared/webhook-events';
import {
  IconDots,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteWebhook } from '@/features/settings/api/delete-webhook';
import { useWebhooks } from '@/features/settings/api/list-webhooks';
import { useRotateWebhookSecret } from '@/features/settings/api/rotate-webhook-secret';
import { useSendTestWebhook } from '@/features/settings/api/send-test-webhook';
import { useUpdateWebhook } from '@/features/settings/api/update-webhook';
import {
  endpointState,
  eventsSummary,
  SECRET_SHOWN_ONCE,
  WEBHOOK_MESSAGES,
} from '@/features/settings/utils/webhooks';
import { relativeTime } from '@/lib/dates';
import { notifyError, notifySuccess } from '@/lib/notify';
import { ScimCard } from './scim-card';
import { ShownOnceAlert } from './shown-once-alert';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookFormModal } from './webhook-form-modal';

type Confirming = { kind: 'delete' | 'rotate'; webhook: Webhook } | null;

/**
 * Settings → Integrations (team admins): outgoing webhooks as signed JSON, Slack or Microsoft Teams
 * messages; each endpoint's state, its deliveries, a test event, pause, secret rotation, removal;
 * and SCIM provisioning for the team's identity provider.
 */
export function IntegrationsPanel() {
  const webhooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendTestWebhook();
  const [form, setForm] = useState<{ editing: Webhook | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const confirm = () => {
    if (!confirming) return;
    const { kind, webhook } = confirming;
    if (kind === 'delete')
      remove.mutate(webhook.webhookId, {
        onSuccess: () => setConfirming(null),
        onError: () => notifyError(WEBHOOK_MESSAGES.remove),
      });
    else
      rotate.mutate(webhook.webhookId, {
        onSuccess: (made) => {
          setConfirming(null);
          setSecret(made.secret);
        },
        onError: () => notifyError(WEBHOOK_MESSAGES.rotate),
      });
  };
  const test = (webhook: Webhook) =>
    sendTest.mutate(webhook.webhookId, {
      onSuccess: () => {
        notifySuccess('Test event queued');
        setViewing(webhook);
      },
      onError: () => notifyError(WEBHOOK_MESSAGES.test),
    });
  const toggle = (webhook: Webhook) =>
    update.mutate(
      { webhookId: webhook.webhookId, enabled: !webhook.enabled },
      { onError: () => notifyError(WEBHOOK_MESSAGES.save) },
    );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={960}>
        <Group justify="space-between" align="flex-start" gap="sm" mb={4}>
          <Group gap="sm">
            <IconWebhook size={20} stroke={1.6} />
            <Title order={2} size="h4">
              Webhooks
            </Title>
          </Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ editing: null })}>
            Add Webhook
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mb="lg">
          Tell your own systems, Slack or Microsoft Teams when something happens: a project created or
          completed, a question assigned, a mention, an answer approved, a quiz answered, evidence expiring.
          Failed deliveries are retried for 24 hours.
        </Text>

        {secret ? (
          <Stack mb="md">
            <ShownOnceAlert
              title="Signing secret"
              value={secret}
              copyLabel="Copy the secret"
              label="Signing secret"
              testId="webhook-secret"
              note={SECRET_SHOWN_ONCE}
              onDone={() => setSecret(null)}
            />
          </Stack>
        ) : null}

        {webhooks.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading your webhooks">
            <Skeleton height={64} radius="md" />
            <Skeleton height={64} radius="md" />
          </Stack>
        ) : webhooks.isError ? (
          <Alert color="red" variant="light" title={WEBHOOK_MESSAGES.fetch}>
            <Button size="xs" variant="light" color="red" onClick={() => void webhooks.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : webhooks.data.length === 0 ? (
          <Paper withBorder radius="md" p="xl" bg="var(--mantine-color-gray-0)">
            <Stack align="center" gap={4}>
              <Text fw={600}>No webhooks yet</Text>
              <Text size="sm" c="dimmed" ta="center">
                Add an endpoint to send your team's events to another system or a chat channel.
              </Text>
            </Stack>
          </Paper>
        ) : (
          <Stack gap="sm">
            {webhooks.data.map((w) => {
              const state = endpointState(w);
              return (
                <Paper key={w.webhookId} withBorder radius="md" p="sm" data-testid="webhook-row">
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
                      <Group gap="xs">
                        <Badge color={state.color} variant="light">
                          {state.label}
                        </Badge>
                        <Badge color="gray" variant="outline">
                          {WEBHOOK_FORMAT_LABELS[w.format]}
                        </Badge>
                        {w.projectName ? (
                          <Badge color="indigo" variant="light" style={{ maxWidth: 220 }}>
                            {w.projectName}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {w.url}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[
                          w.description || null,
                          eventsSummary(w.events),
                          w.lastDeliveryAt
                            ? `last delivery ${relativeTime(w.lastDeliveryAt)}`
                            : 'no deliveries yet',
                          `secret ${w.secretPrefix}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                      {w.disabledReason && w.disabledReason !== 'Paused' ? (
                        <Text size="xs" c="red">
                          {w.disabledReason}. Fix the endpoint, then turn it back on.
                        </Text>
                      ) : w.failingSince ? (
                        <Text size="xs" c="orange">
                          Failing since {relativeTime(w.failingSince)}; it is turned off after 24 hours of
                          failures.
                        </Text>
                      ) : null}
                    </Stack>
                    <Group gap={6} wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setViewing(w)}>
                        Deliveries
                      </Button>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`More for ${w.url}`}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            leftSection={<IconSend size={16} />}
                            onClick={() => test(w)}
                            disabled={!w.enabled}
                          >
                            Send test event
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconPencil size={16} />}
                            onClick={() => setForm({ editing: w })}
                          >
                            Edit
                          </Menu.Item>
                          <Menu.Item
                            leftSection={
                              w.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                            }
                            onClick={() => toggle(w)}
                          >
                            {w.enabled ? 'Pause' : 'Turn on'}
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconKey size={16} />}
                            onClick={() => setConfirming({ kind: 'rotate', webhook: w })}
                          >
                            Rotate secret
                          </Menu.Item>
                          <Menu.Divider />
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={16} />}
                            onClick={() => setConfirming({ kind: 'delete', webhook: w })}
                          >
                            Remove
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Paper>

      {form ? (
        <WebhookFormModal
          opened
          editing={form.editing}
          onClose={() => setForm(null)}
          onCreated={(made) => {
            setForm(null);
            setSecret(made);
          }}
        />
      ) : null}
      <ScimCard />
      <WebhookDeliveries
        webhook={viewing}
        onClose={() => {
          setViewing(null);
          // The endpoint's last delivery and state follow what was just sent.
          void webhooks.refetch();
        }}
      />
      <ConfirmDialog
        opened={!!confirming}
        title={confirming?.kind === 'delete' ? 'Remove this webhook?' : 'Rotate the signing secret?'}
        message={
          confirming?.kind === 'delete'
            ? 'Nothing more is sent to it, and deliveries not yet made are dropped.'
            : 'A new secret is shown once. For 24 hours deliveries are signed with the old secret too, so the receiving system can switch over.'
        }
        confirmLabel={confirming?.kind === 'delete' ? 'Remove' : 'Rotate Secret'}
        danger={confirming?.kind === 'delete'}
        busy={remove.isPending || rotate.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
