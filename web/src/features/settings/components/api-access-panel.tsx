import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { TEAM_SETTINGS_MESSAGES } from '@shared/schemas/team';
import { IconAlertTriangle, IconKey, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useGenerateApiKey } from '@/features/settings/api/generate-api-key';
import { useApiAccess } from '@/features/settings/api/get-api-access';
import { KEY_SCOPE, maskedKey } from '@/features/settings/utils/api-access';
import { useErrorToast } from '@/hooks/use-error-toast';
import { formatAddedDate } from '@/lib/dates';
import { notifyError } from '@/lib/notify';
import { ApiDocsCard } from './api-docs-card';
import { CopyField } from './copy-field';
import { McpCard } from './mcp-card';
import { ShownOnceAlert } from './shown-once-alert';

export const KEY_SHOWN_ONCE = "Copy this key now and keep it somewhere safe: it won't be shown again.";

export interface ApiAccessPanelProps {
  /** The key just generated (kept by the screen so it survives a tab change), or null. */
  newKey: string | null;
  onNewKey: (key: string | null) => void;
}

function GenerateDialog({
  opened,
  hasKey,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  hasKey: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onCancel()}
      title={hasKey ? 'Generate a new API key?' : 'Generate an API key?'}
      centered
    >
      <Stack gap="md">
        {hasKey ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            The existing key stops working immediately. Any system still using it will be refused until it is
            given the new key.
          </Alert>
        ) : null}
        <Text size="sm">
          The key grants access to all of your team's data, private projects included. It is shown once, right
          after it is generated.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color={hasKey ? 'red' : undefined} onClick={onConfirm} loading={busy}>
            {hasKey ? 'Generate New Key' : 'Generate Key'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * API Access (spec 002 §2.8, §7.6, §8): the team id, the client id and the key (only its start once
 * generated), Generate behind a confirmation that the existing key stops working at once, the new
 * key shown this once to copy, and the documentation card of the public analytics API.
 */
export function ApiAccessPanel({ newKey, onNewKey }: ApiAccessPanelProps) {
  const access = useApiAccess();
  const generate = useGenerateApiKey();
  const [confirming, setConfirming] = useState(false);
  useErrorToast(access.isError, access.errorUpdatedAt, TEAM_SETTINGS_MESSAGES.apiKeyFetch);

  const hasKey = !!access.data?.apiKeyPrefix;
  const confirm = () =>
    generate.mutate(undefined, {
      onSuccess: (generated) => {
        onNewKey(generated.apiKey);
        setConfirming(false);
      },
      onError: () => {
        setConfirming(false);
        notifyError(TEAM_SETTINGS_MESSAGES.apiKeyGenerate);
      },
    });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={960}>
        <Group justify="space-between" align="flex-start" gap="sm" mb={4}>
          <Group gap="sm">
            <IconKey size={20} stroke={1.6} />
            <Title order={2} size="h4">
              API Access
            </Title>
          </Group>
          {access.data ? (
            <Button
              variant={hasKey ? 'default' : 'filled'}
              leftSection={<IconRefresh size={16} />}
              onClick={() => setConfirming(true)}
            >
              {hasKey ? 'Generate New Key' : 'Generate API Key'}
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" mb="lg">
          Connect your own systems to your team's answered questions. Keep the key secret: it grants access to
          all of your team's data, including private projects.
        </Text>

        {access.isPending ? (
          <Stack gap="md" role="status" aria-label="Loading your API access">
            <Skeleton height={44} radius="sm" />
            <Skeleton height={44} radius="sm" />
          </Stack>
        ) : access.isError ? (
          <Alert color="red" variant="light" title={TEAM_SETTINGS_MESSAGES.apiKeyFetch}>
            <Button size="xs" variant="light" color="red" onClick={() => void access.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <Stack gap="md">
            {newKey ? (
              <ShownOnceAlert
                title="Your new API key"
                value={newKey}
                copyLabel="Copy the key"
                label="New API key"
                testId="new-api-key"
                note={KEY_SHOWN_ONCE}
                onDone={() => onNewKey(null)}
              />
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <CopyField label="Team ID" value={access.data.teamId} copyLabel="Copy the team id" />
              <CopyField label="Client ID" value={access.data.clientId} copyLabel="Copy the client id" />
            </SimpleGrid>
            <TextInput
              label="API Key"
              value={maskedKey(access.data.apiKeyPrefix)}
              readOnly
              variant="filled"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              description={
                access.data.createdAt
                  ? `Generated ${formatAddedDate(access.data.createdAt)}. Only its start is shown.`
                  : 'Generate a key to call the API.'
              }
              data-testid="api-key-masked"
            />
            <Stack gap={4} data-testid="api-key-scope">
              <Text size="sm" fw={500}>
                Key scope: read-only
              </Text>
              <Text size="xs" c="dimmed">
                The key reads what these calls answer and cannot change anything.
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing={4} verticalSpacing={8} mt={4}>
                {KEY_SCOPE.map(({ call, reads }) => (
                  <Stack key={call} gap={0}>
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {call}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {reads}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
          </Stack>
        )}
      </Paper>

      {access.data ? <ApiDocsCard clientId={access.data.clientId} apiKey={newKey} /> : null}
      {access.data ? <McpCard clientId={access.data.clientId} /> : null}

      <GenerateDialog
        opened={confirming}
        hasKey={hasKey}
        busy={generate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </Stack>
  );
}
