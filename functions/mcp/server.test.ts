/**
 * A tool's answer: its data as structured content and the same JSON as text; a refusal the caller
 * can act on (a 4xx error) as the tool's error with its message; anything else as the tool's error
 * worded without internals. Any message the route's schema accepts gets a JSON-RPC reply with its
 * id, null (202) for a notification, or a 400: never a failure of another kind (a 500).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../shared/mcp-tools';
import { McpMessage, McpReply } from '../../shared/schemas/mcp';
import { BadRequestError, NotFoundError } from '../common/errors';
import { answerMessage, MCP_TOOL_FAILED, toolAnswer } from './server';

describe('toolAnswer', () => {
  it('answers data as structured content and as the same JSON text', async () => {
    const data = { answers: [{ answerId: 'a1', score: 0.9 }] };
    expect(await toolAnswer(async () => data)).toEqual({
      structuredContent: data,
      content: [{ type: 'text', text: JSON.stringify(data) }],
    });
  });

  it("answers a 4xx refusal with its message, and any other failure without the failure's internals", async () => {
    expect(
      await toolAnswer(async () => {
        throw new NotFoundError('That project does not exist');
      }),
    ).toEqual({ isError: true, content: [{ type: 'text', text: 'That project does not exist' }] });
    const failed = await toolAnswer(async () => {
      throw new Error('ResourceNotFoundException: table t-secret does not exist');
    });
    expect(failed).toEqual({ isError: true, content: [{ type: 'text', text: MCP_TOOL_FAILED }] });
  });
});

describe('answerMessage', () => {
  it('answers any JSON-RPC message its schema accepts with a reply, 202 (null) or a 400, never anything else (property)', async () => {
    // Prepare: MCP's own methods and arbitrary ones, with arbitrary params. Tool calls carry
    // arguments their schemas refuse (tools needing arguments, given none of the right shape), so no
    // call reaches the table, which a unit test has none of.
    const method = fc.oneof(
      fc.constantFrom(
        'initialize',
        'ping',
        'tools/list',
        'tools/call',
        'notifications/initialized',
        'resources/list',
        'prompts/get',
      ),
      fc.string({ minLength: 1, maxLength: 40 }),
    );
    const params = fc.oneof(
      fc.constant(undefined),
      fc.record({
        name: fc.constantFrom(...Object.keys(MCP_TOOLS), 'no_such_tool'),
        arguments: fc.jsonValue(),
      }),
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 3 })),
    );
    const message = fc.record(
      {
        jsonrpc: fc.constant('2.0' as const),
        id: fc.oneof(fc.nat(), fc.string({ minLength: 1, maxLength: 20 })),
        method,
        params,
      },
      { requiredKeys: ['jsonrpc', 'method'] },
    );
    const client = { teamId: 'team-1', keyPrefix: 'qwk_abc' };

    await fc.assert(
      fc.asyncProperty(message, async (drawn) => {
        const parsed = McpMessage.safeParse(drawn);
        fc.pre(parsed.success);
        // Act
        const outcome = await answerMessage(client, parsed.data!).then(
          (reply) => ({ reply }),
          (error: unknown) => ({ error }),
        );
        // Assess
        if ('error' in outcome) {
          expect(outcome.error).toBeInstanceOf(BadRequestError);
          return;
        }
        if (outcome.reply === null) {
          expect(parsed.data!.id).toBeUndefined();
          return;
        }
        expect(McpReply.parse(outcome.reply)).toMatchObject({ jsonrpc: '2.0', id: parsed.data!.id });
      }),
      { numRuns: 150 },
    );
  });
});
