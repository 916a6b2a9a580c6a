/**
 * The answer engine over the Model Context Protocol (POST /api/mcp): one JSON-RPC 2.0 message per
 * request, answered with one JSON-RPC message (streamable HTTP transport, JSON responses, no
 * sessions). The tools and what they answer are described in functions/mcp/tools.ts.
 */
import * as z from 'zod';

/** Longest JSON-RPC method name and string id accepted (MCP's own names are under 40 characters). */
export const MCP_LIMITS = { method: 100, id: 200 } as const;

/** A JSON-RPC 2.0 request (with an id) or notification (without one), as MCP sends them. */
export const McpMessage = z.strictObject({
  jsonrpc: z.literal('2.0', { error: 'jsonrpc must be "2.0"' }),
  id: z
    .union([z.string().min(1).max(MCP_LIMITS.id), z.int().min(0).max(Number.MAX_SAFE_INTEGER)], {
      error: 'id must be a string or a whole number',
    })
    .optional(),
  method: z.string().min(1).max(MCP_LIMITS.method),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type McpMessage = z.infer<typeof McpMessage>;

/**
 * The JSON-RPC response to a request; null for a notification, which is answered 202 Accepted with
 * no body.
 */
export const McpReply = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).nullable(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.looseObject({ code: z.int(), message: z.string() }).optional(),
  })
  .nullable();
export type McpReply = z.infer<typeof McpReply>;
