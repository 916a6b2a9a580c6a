/**
 * The Model Context Protocol server (the official TypeScript SDK): read-only tools over the team's
 * library and projects, built per request for the team whose key signed it. Stateless streamable
 * HTTP with JSON responses: each POST carries one JSON-RPC message and gets one back, so it runs
 * in a Lambda behind API Gateway as in the local gateway.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import * as z from 'zod';
import { MCP_TOOLS } from '../../shared/mcp-tools';
import { Id } from '../../shared/routes/route';
import type { McpMessage, McpReply } from '../../shared/schemas/mcp';
import { PROJECT_STATUSES } from '../../shared/schemas/values';
import type { ApiClient } from '../common/api-keys';
import { BadRequestError, HttpError } from '../common/errors';
import { logger } from '../common/logger';
import * as service from './service';

export const MCP_SERVER = { name: 'questionnaire-workspace', version: '1.0.0' } as const;
/** Tool argument limits. */
export const MCP_TOOL_LIMITS = { text: 2000, results: 20, questionsPage: 200 } as const;
export const MCP_TOOL_FAILED = 'The tool could not answer just now. Please try again.';

const Text = z.string().trim().min(1).max(MCP_TOOL_LIMITS.text);

/** A tool's answer: its data as structured content and as JSON text (for clients that read only text). */
export async function toolAnswer(work: () => Promise<Record<string, unknown>>) {
  try {
    const data = await work();
    return { structuredContent: data, content: [{ type: 'text' as const, text: JSON.stringify(data) }] };
  } catch (error) {
    // A refusal the caller can act on (not found) is the tool's answer; anything else is logged and
    // worded without internals.
    const known = error instanceof HttpError && error.statusCode < 500;
    if (!known) logger.error('mcp tool failed', error as Error);
    return {
      isError: true,
      content: [{ type: 'text' as const, text: known ? error.message : MCP_TOOL_FAILED }],
    };
  }
}

/**
 * The server's validator of answers to its own requests for input (elicitation). It asks clients for
 * none, so any such answer is refused; giving its own also keeps the SDK's default (ajv) out of the
 * bundle (lib/bundling.ts).
 */
const noElicitation: jsonSchemaValidator = {
  getValidator: () => () => ({
    valid: false,
    data: undefined,
    errorMessage: 'This server asks for no input',
  }),
};

export function createServer(client: ApiClient): McpServer {
  const server = new McpServer(MCP_SERVER, {
    jsonSchemaValidator: noElicitation,
    instructions:
      "Read-only access to the team's approved answer library and its open questionnaires. Search or suggest before drafting an answer, and cite the library answer and its supporting documents.",
  });
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    'search_library',
    {
      title: MCP_TOOLS.search_library.title,
      description: MCP_TOOLS.search_library.description,
      inputSchema: {
        query: Text.describe('A question or keywords'),
        limit: z.int().min(1).max(MCP_TOOL_LIMITS.results).default(5).describe('How many answers (1 to 20)'),
      },
      annotations: readOnly,
    },
    ({ query, limit }) => toolAnswer(() => service.searchLibrary(client, query, limit)),
  );

  server.registerTool(
    'suggest_answers',
    {
      title: MCP_TOOLS.suggest_answers.title,
      description: MCP_TOOLS.suggest_answers.description,
      inputSchema: {
        question: Text.describe("The question's text"),
        limit: z
          .int()
          .min(1)
          .max(MCP_TOOL_LIMITS.results)
          .default(3)
          .describe('How many suggestions (1 to 20)'),
      },
      annotations: readOnly,
    },
    ({ question, limit }) => toolAnswer(() => service.suggestAnswers(client, question, limit)),
  );

  server.registerTool(
    'get_library_answer',
    {
      title: MCP_TOOLS.get_library_answer.title,
      description: MCP_TOOLS.get_library_answer.description,
      inputSchema: { answerId: Id.describe('The answerId from search_library or suggest_answers') },
      annotations: readOnly,
    },
    ({ answerId }) => toolAnswer(() => service.getLibraryAnswer(client, answerId)),
  );

  server.registerTool(
    'list_projects',
    {
      title: MCP_TOOLS.list_projects.title,
      description: MCP_TOOLS.list_projects.description,
      inputSchema: {
        status: z.enum(PROJECT_STATUSES).default('IN-PROGRESS').describe('IN-PROGRESS or COMPLETE'),
      },
      annotations: readOnly,
    },
    ({ status }) => toolAnswer(() => service.listProjects(client, status)),
  );

  server.registerTool(
    'list_open_questions',
    {
      title: MCP_TOOLS.list_open_questions.title,
      description: MCP_TOOLS.list_open_questions.description,
      inputSchema: {
        projectId: Id.describe('The projectId from list_projects'),
        limit: z.int().min(1).max(MCP_TOOL_LIMITS.questionsPage).default(50).describe('Page size (1 to 200)'),
        offset: z.int().min(0).default(0).describe('Questions to skip'),
      },
      annotations: readOnly,
    },
    ({ projectId, limit, offset }) =>
      toolAnswer(() => service.listOpenQuestions(client, projectId, { limit, offset })),
  );
  return server;
}

/**
 * Answers one JSON-RPC message: the response to a request, or null for a notification (202). What
 * the transport refuses (a message it cannot accept) is a 400 with its reason.
 */
export async function answerMessage(client: ApiClient, message: McpMessage): Promise<McpReply> {
  const server = createServer(client);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(
      new Request('http://mcp.internal/api/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(message),
      }),
    );
    const text = await response.text();
    if (response.status === 202) return null;
    const body = (text ? JSON.parse(text) : {}) as NonNullable<McpReply>;
    if (!response.ok) throw new BadRequestError(body.error?.message ?? 'The message was refused');
    return body;
  } finally {
    await server.close();
  }
}
