import { Code, Paper, Stack, Text } from '@mantine/core';
import { MCP_PATH, MCP_TOOLS } from '@shared/mcp-tools';
import { IconPlugConnected } from '@tabler/icons-react';
import { ApiCardHeading } from './api-card-heading';
import { CopyField } from './copy-field';

/**
 * Assistants (issue 31 part 4): the Model Context Protocol server's address for this host, the
 * headers it takes (the same client id and key as the analytics API) and its read-only tools.
 */
export function McpCard({ clientId }: { clientId: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={960}>
      <ApiCardHeading icon={<IconPlugConnected size={20} stroke={1.6} />} title="Assistants (MCP)" />
      <Text size="sm" c="dimmed" mb="md">
        Connect an AI assistant to your approved answers and open questionnaires through the Model Context
        Protocol. It can only read, and private projects are not visible to it.
      </Text>
      <Stack gap="md">
        <CopyField
          label="Server URL (streamable HTTP)"
          value={`${window.location.origin}${MCP_PATH}`}
          copyLabel="Copy the server URL"
        />
        <Text size="sm">
          Send the headers <Code>client_id</Code> ({clientId}) and <Code>client_secret</Code> (your API key).
        </Text>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Tools
          </Text>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {Object.entries(MCP_TOOLS).map(([name, tool]) => (
              <li key={name}>
                <Code>{name}</Code>
                <Text size="sm" c="dimmed">
                  {tool.description}
                </Text>
              </li>
            ))}
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
