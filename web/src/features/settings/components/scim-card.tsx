import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconRefresh, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useGenerateScimToken } from '@/features/settings/api/generate-scim-token';
import { useScimAccess } from '@/features/settings/api/get-scim-access';
import { useRevokeScimToken } from '@/features/settings/api/revoke-scim-token';
import { formatAddedDate } from '@/lib/dates';
import { notifyError } from '@/lib/notify';
import { CopyField } from './copy-field';
import { ShownOnceAlert } from './shown-once-alert';

export const SCIM_MESSAGES = {
  fetch: 'We could not load your SCIM settings',
  generate: 'We could not generate a SCIM token. Please try again.',
  revoke: 'We could not turn SCIM provisioning off. Please try again.',
  shownOnce: "Copy this token into your identity provider now: it won't be shown again.",
} as const;

/** What is being confirmed; `replacing` is read when the dialog opens, so its words hold while it closes. */
type Confirming = { kind: 'generate' | 'revoke'; replacing: boolean };

/**
 * Settings → Integrations: SCIM provisioning. The base URL and a bearer token (shown once) for the
 * team's identity provider (Okta, Microsoft Entra ID), which then adds, deactivates and moves the
 * team's people without anyone using the Team page.
 */
export function ScimCard() {
  const access = useScimAccess();
  const generate = useGenerateScimToken();
  const revoke = useRevokeScimToken();
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>({ kind: 'generate', replacing: false });
  const [asking, setAsking] = useState(false);
  const ask = (what: Confirming) => {
    setConfirming(what);
    setAsking(true);
  };
  const hasToken = !!access.data?.tokenPrefix;

  const confirm = () => {
    if (confirming.kind === 'revoke')
      revoke.mutate(undefined, {
        onSuccess: () => {
          setAsking(false);
          setToken(null);
        },
        onError: () => notifyError(SCIM_MESSAGES.revoke),
      });
    else
      generate.mutate(undefined, {
        onSuccess: (made) => {
          setAsking(false);
          setToken(made.token);
        },
        onError: () => notifyError(SCIM_MESSAGES.generate),
      });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={960}>
      <Group justify="space-between" align="flex-start" gap="sm" mb={4}>
        <Group gap="sm">
          <IconUsersGroup size={20} stroke={1.6} />
          <Title order={2} size="h4">
            SCIM Provisioning
          </Title>
        </Group>
        {access.data ? (
          <Group gap="xs">
            {hasToken ? (
              <Button variant="subtle" color="red" onClick={() => ask({ kind: 'revoke', replacing: true })}>
                Turn Off
              </Button>
            ) : null}
            <Button
              variant={hasToken ? 'default' : 'filled'}
              leftSection={<IconRefresh size={16} />}
              onClick={() => ask({ kind: 'generate', replacing: hasToken })}
            >
              {hasToken ? 'Generate New Token' : 'Generate SCIM Token'}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        Let your identity provider (Okta, Microsoft Entra ID) add people to the team, move them between groups
        and turn their access off. New people are invited with the Member role; someone deactivated there is
        refused here at once.
      </Text>
      {access.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading your SCIM settings">
          <Skeleton height={44} radius="sm" />
        </Stack>
      ) : access.isError ? (
        <Alert color="red" variant="light" title={SCIM_MESSAGES.fetch}>
          <Button size="xs" variant="light" color="red" onClick={() => void access.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Stack gap="md">
          {token ? (
            <ShownOnceAlert
              title="Your new SCIM token"
              value={token}
              copyLabel="Copy the token"
              label="New SCIM token"
              testId="scim-token"
              note={SCIM_MESSAGES.shownOnce}
              onDone={() => setToken(null)}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CopyField
              label="SCIM base URL"
              value={`${window.location.origin}${access.data.basePath}`}
              copyLabel="Copy the SCIM base URL"
            />
            <TextInput
              label="Token"
              value={access.data.tokenPrefix ? `${access.data.tokenPrefix}…` : 'No token yet'}
              readOnly
              variant="filled"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              description={
                access.data.createdAt
                  ? `Generated ${formatAddedDate(access.data.createdAt)}. Sent as a bearer token.`
                  : 'Provisioning is off until a token is generated.'
              }
              data-testid="scim-token-masked"
            />
          </SimpleGrid>
        </Stack>
      )}
      <ConfirmDialog
        opened={asking}
        title={
          confirming.kind === 'revoke'
            ? 'Turn SCIM provisioning off?'
            : hasToken
              ? 'Generate a new SCIM token?'
              : 'Generate a SCIM token?'
        }
        message={
          confirming.kind === 'revoke'
            ? 'The token stops working at once: your identity provider can no longer change the team. People already provisioned stay as they are.'
            : confirming.replacing
              ? 'The current token stops working at once. Give your identity provider the new one.'
              : 'The token lets your identity provider add, change and deactivate the team’s people. It is shown once.'
        }
        confirmLabel={confirming.kind === 'revoke' ? 'Turn Off' : 'Generate Token'}
        danger={confirming.kind === 'revoke' || confirming.replacing}
        busy={generate.isPending || revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </Paper>
  );
}
