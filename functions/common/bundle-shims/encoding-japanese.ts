/**
 * What Lambda bundles use in place of `encoding-japanese` (an esbuild alias in lib/bundling.ts). In
 * the bundles only mailparser and libmime call it, as `convert(bytes, { to: 'UNICODE', from, type:
 * 'string' })`, for ISO-2022-JP ("JIS") and EUC-JP parts; the runtime's TextDecoder decodes both
 * (230 kB minified of conversion tables otherwise). Anything else throws, and both callers then keep
 * their other path (iconv, or the bytes as they are).
 */
const JAPANESE = new Map<string, string>([
  ['jis', 'iso-2022-jp'],
  ['iso2022jp', 'iso-2022-jp'],
  ['iso2022jp1', 'iso-2022-jp'],
  ['iso2022jp2', 'iso-2022-jp'],
  ['eucjp', 'euc-jp'],
  ['sjis', 'shift_jis'],
  ['shiftjis', 'shift_jis'],
  ['utf8', 'utf-8'],
]);

export function convert(
  data: Uint8Array | number[],
  options: { to: string; from?: string; type?: string },
): string {
  const from = JAPANESE.get((options.from ?? '').toLowerCase().replace(/[^a-z0-9]/g, ''));
  if (options.to.toUpperCase() !== 'UNICODE' || options.type !== 'string' || !from) {
    throw new Error('Only Japanese charsets to a string are converted in this bundle');
  }
  return new TextDecoder(from).decode(data instanceof Uint8Array ? data : Uint8Array.from(data));
}

export default { convert };
