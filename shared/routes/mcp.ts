import { MCP_PATH, MCP_TOOLS } from '../mcp-tools';
import { McpMessage, McpReply } from '../schemas/mcp';
import {
  PublicLibraryAnswer,
  PublicProject,
  PublicProjectsQuery,
  PublicQuestion,
} from '../schemas/public-api';
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

const KEYED = `Signed with your team's client id and API key (Settings → API Access) in the \`client_id\` and \`client_secret\` headers, like the analytics API; paged with the \`limit\` (1 to 1000, default 100) and \`offset\` headers; 60 calls a minute with the analytics API and the MCP server (more answer 429 with Retry-After). PRIVATE projects are not visible to the key here.`;

/**
 * The team's read surface for its own systems and assistants, signed with the team's API key like
 * the analytics API: the answer engine over the Model Context Protocol (read-only tools over the
 * library and projects), and the public read API of projects, questions and library answers. Neither
 * sees PRIVATE projects.
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
    publicProjects: route({
      method: 'GET',
      path: '/api/v1/projects',
      auth: 'api-key',
      summary: "Public API: the team's projects that are not PRIVATE, soonest due first (status filters)",
      docs: KEYED,
      pagingHeaders: true,
      query: PublicProjectsQuery,
      response: PublicProject.array(),
    }),
    publicQuestions: route({
      method: 'GET',
      path: '/api/v1/projects/{projectId}/questions',
      auth: 'api-key',
      summary:
        "Public API: a project's questions with their answers, in questionnaire order (404 for a PRIVATE project)",
      docs: KEYED,
      pagingHeaders: true,
      response: PublicQuestion.array(),
    }),
    publicLibraryAnswers: route({
      method: 'GET',
      path: '/api/v1/library/answers',
      auth: 'api-key',
      summary: "Public API: the answer library's answers in use or flagged (archived ones left out)",
      docs: KEYED,
      pagingHeaders: true,
      response: PublicLibraryAnswer.array(),
    }),
  },
);
