import {
  ActionIcon,
  Badge,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBook2, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  ANALYTICS_PAGE_DEFAULT,
  ANALYTICS_PAGE_MAX,
  ANALYTICS_PATH,
  curlExample,
  localToday,
} from '@/features/settings/utils/api-access';
import { ApiCardHeading } from './api-card-heading';

const HEADERS: { name: string; value: (clientId: string) => string; note: string }[] = [
  { name: 'client_id', value: (clientId) => clientId, note: "Your team's client id." },
  { name: 'client_secret', value: () => 'Your API key', note: 'The key generated above.' },
  {
    name: 'limit',
    value: () => String(ANALYTICS_PAGE_DEFAULT),
    note: `Optional. Questions per page, 1 to ${ANALYTICS_PAGE_MAX} (default ${ANALYTICS_PAGE_DEFAULT}).`,
  },
  { name: 'offset', value: () => '0', note: 'Optional. Questions to skip, for the next pages (default 0).' },
];

const BODY_FIELDS: { name: string; note: string }[] = [
  { name: 'answeredAfter', note: 'Optional. Answered on or after this day, YYYY-MM-DD.' },
  { name: 'answeredBefore', note: 'Optional. Answered on or before this day, YYYY-MM-DD.' },
  {
    name: 'complianceStatusList',
    note: 'Optional. Comma-separated: COMPLIANT, NON-COMPLIANT, PARTIALLY-COMPLIANT, NOT-APPLICABLE.',
  },
  { name: 'industryVertical', note: "Optional. Only projects of this industry, e.g. 'Banking'." },
];

export interface ApiDocsCardProps {
  clientId: string;
  /** The key while it is on screen (just generated), written into the example. */
  apiKey?: string | null;
}

/**
 * The public analytics API, documented for a customer (spec 002 §2.8, §7.8): the call, its headers
 * and body, what it answers, a curl example for this host, and a link to the API reference.
 */
export function ApiDocsCard({ clientId, apiKey }: ApiDocsCardProps) {
  const example = useMemo(
    () => curlExample({ origin: window.location.origin, clientId, apiKey, today: localToday() }),
    [clientId, apiKey],
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={960}>
      <ApiCardHeading icon={<IconBook2 size={20} stroke={1.6} />} title="Public analytics API" />
      <Text size="sm" c="dimmed" mb="md">
        Your own systems can read your team's answered questions, newest first: the same rows as Insights,
        across every project, private ones included.
      </Text>

      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light" color="indigo" radius="sm">
            POST
          </Badge>
          <Code fz="sm">{ANALYTICS_PATH}</Code>
        </Group>

        <Stack gap={4}>
          <Text fw={600} size="sm">
            Headers
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={6} withTableBorder={false} fz="sm">
              <Table.Tbody>
                {HEADERS.map((h) => (
                  <Table.Tr key={h.name}>
                    <Table.Td w={140}>
                      <Code>{h.name}</Code>
                    </Table.Td>
                    <Table.Td w={220}>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {h.value(clientId)}
                      </Text>
                    </Table.Td>
                    <Table.Td c="dimmed">{h.note}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>

        <Stack gap={4}>
          <Text fw={600} size="sm">
            Body (JSON)
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={6} withTableBorder={false} fz="sm">
              <Table.Tbody>
                {BODY_FIELDS.map((f) => (
                  <Table.Tr key={f.name}>
                    <Table.Td w={200}>
                      <Code>{f.name}</Code>
                    </Table.Td>
                    <Table.Td c="dimmed">{f.note}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>

        <Text size="sm">
          It answers a list of questions, each with <Code>questionId</Code>, <Code>projectId</Code>,{' '}
          <Code>name</Code> (the project), <Code>industryVertical</Code>, <Code>question</Code>,{' '}
          <Code>answer</Code>, <Code>responseClassification</Code>, <Code>updatedAt</Code>,{' '}
          <Code>answeredByUser</Code>, <Code>classifiedByUser</Code> and <Code>tags</Code>. Calls are limited
          per key; too many in a minute are answered 429 with Retry-After.
        </Text>

        <Stack gap={4}>
          <Group justify="space-between" gap="sm">
            <Text fw={600} size="sm">
              Example
            </Text>
            <CopyButton value={example} timeout={3000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the example'} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={copied ? 'Copied' : 'Copy the example'}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Code block fz="xs" data-testid="api-curl-example" style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
            {example}
          </Code>
        </Stack>
      </Stack>
    </Paper>
  );
}
