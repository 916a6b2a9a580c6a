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

  it('documents SCIM as RFC 7644 answers: 201 for a creation, 204 for a deletion, SCIM error bodies', () => {
    const users = document.paths['/api/scim/v2/Users'] as Record<string, { responses: Record<string, any> }>;
    const user = document.paths['/api/scim/v2/Users/{membershipId}'] as Record<
      string,
      { responses: Record<string, any> }
    >;
    expect(Object.keys(users.post.responses)).toEqual(['201', '400', '401', '409', '429']);
    expect(Object.keys(user.delete.responses)).toEqual(['204', '400', '401', '404', '429']);
    expect(users.get.responses['200'].content).toHaveProperty('application/scim+json');
    expect(user.patch.responses['404'].content['application/scim+json'].schema).toEqual({
      $ref: '#/components/schemas/ScimErrorBody',
    });
    expect(document.components?.schemas).toHaveProperty('ScimErrorBody');
    expect(document.components?.securitySchemes).toHaveProperty('scimToken');
  });
});
