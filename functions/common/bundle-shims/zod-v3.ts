/**
 * What Lambda bundles use in place of `zod/v3` and `zod-to-json-schema` (esbuild aliases in
 * lib/bundling.ts). The Model Context Protocol SDK accepts tool schemas written with Zod 3 or Zod 4
 * and carries Zod 3 and a Zod 3 JSON Schema converter for the first; every schema of ours is Zod 4
 * (the SDK converts those with Zod 4's own toJSONSchema), so a Zod 3 path is never taken: taking one
 * fails loudly (80 kB).
 */
const NOT_BUNDLED = 'Zod 3 is not bundled: describe MCP tools with Zod 4 schemas';

export function object(): never {
  throw new Error(NOT_BUNDLED);
}

export function zodToJsonSchema(): never {
  throw new Error(NOT_BUNDLED);
}
