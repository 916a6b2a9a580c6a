import { MCP_PATH, MCP_TOOLS } from '../mcp-tools';
import { McpMessage, McpReply } from '../schemas/mcp';
import { route, routeGroup } from './route';

const TOOL_LIST = Object.entries(MCP_TOOLS)
  .map(([name, tool]) => `- \`${name}\` ${tool.args} — ${tool.description}`)
  .join('\n');

const MCP_DOCS = `Connect an assistant (any Model Context Protocol client, e.g. the TypeScript SDK's \`StreamableHTTPClientTransport\`) to \`https://<your app>/api/mcp\` with your team's client id and API key (Settings → API Access) as the \`client_id\` and \`client_secret\` headers. Streamable HTTP without sessions: each POST carries one JSON-RPC message and gets one JSON answer (202 for a notification); there is no event stream to GET.

Read-only tools:

${TOOL_LIST}

PRIVATE projects, and documents uploaded into them, are not visible to the key. Calls count against the key's limit (60 a minute; more answer 429 with Retry-After). Example:

\`\`\`sh
curl -X POST "https://<your app>/api/mcp" \\
  -H "client_id: client_<teamId>" -H "client_secret: <API key>" \\
  -H "content-type: application/json" \\
  -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_library","arguments":{"query":"Is data encrypted at rest?"}}}'
\`\`\``;

/**
 * The answer engine over the Model Context Protocol: read-only tools over the team's library and
 * projects for an assistant, signed with the team's API key like the analytics API.
 */
export const mcp = routeGroup(
  'mcp',
  { table: 'read', uploads: 'read' },
  {
    mcp: route({
      method: 'POST',
      path: MCP_PATH,
      auth: 'api-key',
      summary:
        'Model Context Protocol server for assistants (streamable HTTP, JSON responses, no sessions): read-only tools over the library and the projects that are not PRIVATE',
      docs: MCP_DOCS,
      body: McpMessage,
      response: McpReply,
      raw: 'json',
    }),
  },
);
