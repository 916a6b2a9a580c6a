/**
 * The OpenAPI document as the API reference shows it: the analytics API's paging headers and curl
 * example, and the MCP server's own description of its tools and its 202 for a notification.
 */
import { describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../shared/mcp-tools';
import { buildOpenApi } from '../../shared/openapi';

const document = buildOpenApi();
const operation = (path: string) =>
  document.paths[path].post as {
    description?: string;
    parameters?: Array<{ name: string; in: string }>;
    responses: Record<string, unknown>;
  };

describe('OpenAPI document', () => {
  it('documents the analytics API with its paging headers and a curl example', () => {
    const analytics = operation('/api/analytics/questions');
    expect(analytics.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['header:limit', 'header:offset']);
    expect(analytics.description).toContain('curl -X POST');
    expect(Object.keys(analytics.responses)).toEqual(['200', '400', '401', '429']);
  });

  it('documents the MCP server: every tool, no paging headers, and 202 for a notification', () => {
    const mcp = operation('/api/mcp');
    expect(mcp.parameters).toBeUndefined();
    for (const [name, tool] of Object.entries(MCP_TOOLS)) {
      expect(mcp.description).toContain(`\`${name}\` ${tool.args} — ${tool.description}`);
    }
    expect(mcp.description).toContain('client_secret');
    expect(Object.keys(mcp.responses)).toEqual(['200', '202', '400', '401', '429']);
  });
});
