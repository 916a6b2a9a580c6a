import {
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Webhook } from '@shared/schemas/webhook';
import { WEBHOOK_EVENTS_MESSAGE, WEBHOOK_URL_MESSAGE } from '@shared/schemas/webhook';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMAT_LABELS,
  WEBHOOK_FORMATS,
  type WebhookEventType,
  type WebhookFormat,
} from '@shared/webhook-events';
import { useCreateWebhook } from '@/features/settings/api/create-webhook';
import { useProjectChoices } from '@/features/settings/api/list-project-choices';
import { useUpdateWebhook } from '@/features/settings/api/update-webhook';
import { WEBHOOK_MESSAGES } from '@/features/settings/utils/webhooks';
import { isApiError } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

interface Values {
  url: string;
  format: WebhookFormat;
  events: WebhookEventType[];
  projectId: string | null;
  description: string;
}

const FORMAT_HELP: Record<WebhookFormat, string> = {
  JSON: 'The event as JSON, signed with the endpoint’s secret (Standard Webhooks headers).',
  SLACK: 'A message for a Slack incoming webhook (https://hooks.slack.com/services/…).',
  TEAMS: 'A card for a Microsoft Teams incoming webhook or workflow.',
};

/** Add an endpoint, or edit one (its format and project stay as they were made). */
export function WebhookFormModal({
  opened,
  editing,
  onClose,
  onCreated,
}: {
  opened: boolean;
  editing: Webhook | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const projects = useProjectChoices({ enabled: opened && !editing });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      url: editing?.url ?? '',
      format: editing?.format ?? 'JSON',
      events: editing?.events ?? ['project.created', 'question.assigned', 'comment.mentioned'],
      projectId: editing?.projectId ?? null,
      description: editing?.description ?? '',
    },
    validate: {
      url: (value) => (/^https?:\/\/\S+$/i.test(value.trim()) ? null : WEBHOOK_URL_MESSAGE),
      events: (value) => (value.length ? null : WEBHOOK_EVENTS_MESSAGE),
    },
  });
  const busy = create.isPending || update.isPending;

  const failed = (error: unknown) => {
    if (isApiError(error) && error.fieldErrors && Object.keys(error.fieldErrors).length) {
      for (const [field, messages] of Object.entries(error.fieldErrors))
        form.setFieldError(field, messages[0]);
      return;
    }
    notifyError(isApiError(error) && error.status === 400 ? error.message : WEBHOOK_MESSAGES.save);
  };

  const submit = form.onSubmit((values) => {
    const common = { url: values.url.trim(), events: values.events, description: values.description.trim() };
    if (editing)
      update.mutate({ webhookId: editing.webhookId, ...common }, { onSuccess: onClose, onError: failed });
    else
      create.mutate(
        { ...common, format: values.format, ...(values.projectId ? { projectId: values.projectId } : {}) },
        { onSuccess: (made) => onCreated(made.secret), onError: failed },
      );
  });

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={editing ? 'Edit webhook' : 'Add webhook'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Endpoint URL"
            placeholder="https://example.com/webhooks/questionnaires"
            required
            data-autofocus
            {...form.getInputProps('url')}
          />
          {editing ? null : (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Format
              </Text>
              <SegmentedControl
                data={WEBHOOK_FORMATS.map((f) => ({ value: f, label: WEBHOOK_FORMAT_LABELS[f] }))}
                {...form.getInputProps('format')}
              />
              <Text size="xs" c="dimmed">
                {FORMAT_HELP[form.values.format]}
              </Text>
            </Stack>
          )}
          {editing ? null : (
            <Select
              label="Project"
              description="Only this project's events. Leave empty for every project your team can see."
              placeholder="All projects"
              clearable
              searchable
              data={projects.data ?? []}
              nothingFoundMessage="No open project of that name"
              {...form.getInputProps('projectId')}
            />
          )}
          <Checkbox.Group label="Events" withAsterisk {...form.getInputProps('events')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={WEBHOOK_EVENTS[type]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <TextInput
            label="Description"
            placeholder="e.g. Security team channel"
            maxLength={200}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save' : 'Add Webhook'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
