/**
 * What Lambda bundles use in place of `he` (an esbuild alias in lib/bundling.ts). In the bundles only
 * mailparser calls it, and only `encode`: with its default options for the HTML form of address
 * headers (`from.html`, `to.html`) and of an attached message's header table, and with named
 * references for `textAsHtml`, which the one caller never asks for (it parses with
 * `skipTextToHtml`, reply-mail.ts). The default encoding, numeric character references, is he's own
 * algorithm below (its code point classes copied from he 1.2.0), without the 2,000-entry named
 * reference tables (87 kB minified). With `useNamedReferences`, `"&'<>` and the backtick get their
 * names as with he and every other character its numeric reference (he names those that have a
 * name, such as `&eacute;`): the same text once read as HTML. `encodeEverything`, `strict` and
 * `decode` throw.
 */

/** Options of he.encode. */
interface EncodeOptions {
  useNamedReferences?: boolean;
  decimal?: boolean;
  encodeEverything?: boolean;
  strict?: boolean;
  allowUnsafeSymbols?: boolean;
}

const DEFAULTS: Required<EncodeOptions> = {
  allowUnsafeSymbols: false,
  encodeEverything: false,
  strict: false,
  useNamedReferences: false,
  decimal: false,
};

/** he's names for the symbols it always escapes. */
const NAMES: Record<string, string> = {
  '"': 'quot',
  '&': 'amp',
  "'": 'apos',
  '<': 'lt',
  '>': 'gt',
  '`': 'grave',
};

/** he's regexEscape, regexAstralSymbols and regexBmpWhitelist. */
const UNSAFE = /["&'<>`]/g;
const ASTRAL = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: he escapes these control characters.
const BMP_TO_ESCAPE = /[\x01-\t\x0B\f\x0E-\x1F\x7F\x81\x8D\x8F\x90\x9D\xA0-\uFFFF]/g;

export function encode(text: string, options: EncodeOptions = {}): string {
  const o = { ...DEFAULTS, ...options };
  if (o.encodeEverything || o.strict) {
    throw new Error("he's encodeEverything and strict are not in this bundle");
  }
  const escapeCodePoint = (codePoint: number) =>
    o.decimal ? `&#${codePoint};` : `&#x${codePoint.toString(16).toUpperCase()};`;
  const escapeBmpSymbol = (symbol: string) => escapeCodePoint(symbol.charCodeAt(0));
  let string = text;
  if (o.useNamedReferences) {
    if (!o.allowUnsafeSymbols) string = string.replace(UNSAFE, (symbol) => `&${NAMES[symbol]};`);
    string = string.replace(/&gt;\u20D2/g, '&nvgt;').replace(/&lt;\u20D2/g, '&nvlt;');
  } else if (!o.allowUnsafeSymbols) string = string.replace(UNSAFE, escapeBmpSymbol);
  return string
    .replace(ASTRAL, (pair) => {
      const high = pair.charCodeAt(0);
      const low = pair.charCodeAt(1);
      return escapeCodePoint((high - 0xd800) * 0x400 + low - 0xdc00 + 0x10000);
    })
    .replace(BMP_TO_ESCAPE, escapeBmpSymbol);
}
encode.options = { ...DEFAULTS };

export function decode(): never {
  throw new Error("he's decode is not in this bundle");
}

export default { encode, decode };
