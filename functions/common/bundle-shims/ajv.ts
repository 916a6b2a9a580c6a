/**
 * What Lambda bundles use in place of `ajv` and `ajv-formats` (esbuild aliases in lib/bundling.ts).
 * Only the Model Context Protocol SDK imports them, for its default JSON Schema validator, which a
 * server uses only to check what a client answers when the server asks it for input (elicitation).
 * Our server asks for none and gives the SDK its own validator (functions/mcp/server.ts), so the
 * default one is never made: making it here fails loudly instead of validating nothing (133 kB).
 */
const NOT_BUNDLED = 'ajv is not bundled: give the MCP server a jsonSchemaValidator (functions/mcp/server.ts)';

export default class Ajv {
  constructor() {
    throw new Error(NOT_BUNDLED);
  }
}

export function addFormats(): never {
  throw new Error(NOT_BUNDLED);
}
