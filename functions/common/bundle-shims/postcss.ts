/**
 * What Lambda bundles use in place of `postcss` (an esbuild alias in lib/bundling.ts). sanitize-html,
 * its only user in the bundles, parses a `style` attribute with it, and only one its allow-list
 * keeps; the document reader's allow-list (functions/common/formats/document.ts) keeps no `style`,
 * so it never parses one (postcss and its source maps are 89 kB minified). Throws, should a bundle
 * ever reach it (sanitize-html then drops the attribute).
 */
export function parse(): never {
  throw new Error('CSS parsing (postcss) is not in this bundle');
}

export default { parse };
