/**
 * A tool's answer: its data as structured content and the same JSON as text; a refusal the caller
 * can act on (a 4xx error) as the tool's error with its message; anything else as the tool's error
 * worded without internals.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../common/errors';
import { MCP_TOOL_FAILED, toolAnswer } from './server';

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
