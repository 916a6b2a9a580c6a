/**
 * What Lambda bundles use in place of `dom-serializer` (an esbuild alias in lib/bundling.ts), which
 * serialises a parsed HTML tree back to HTML. In the bundles it is loaded by html-to-text (through
 * mailparser, for the text of an HTML-only reply) and by domutils, and called only by html-to-text's
 * `blockHtml` and `inlineHtml` formats and domutils' getOuterHTML and getInnerHTML: mailparser
 * converts with html-to-text's default formats, which use neither, and nothing bundled calls those
 * two. So it never runs; with the `entities` encoder it carries, it is 90 kB minified. Throws,
 * should a bundle ever reach it.
 */
export function render(): never {
  throw new Error('HTML serialisation (dom-serializer) is not in this bundle');
}

export default render;
