/**
 * What Lambda bundles use in place of `iconv-lite` (an esbuild alias in lib/bundling.ts): the
 * runtime's own TextDecoder (Node ships full ICU, so it knows the WHATWG Encoding Standard's
 * charsets: the ISO-8859 and Windows families, KOI8, Shift_JIS, EUC-JP/KR, GBK, GB18030, Big5 and
 * more). In the bundles only mailparser and libmime call it, to decode a message part's charset, and
 * only through `decode` and `decodeStream`; iconv-lite's own tables are 490 kB minified. As with
 * iconv-lite, an unknown charset throws (libmime then falls back to UTF-8).
 */
import { Buffer } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import { decodeWindows1252 } from '../formats/windows-1252';

/** Decodes bytes the way `TextDecoder.decode(bytes, { stream })` does. */
interface Decoder {
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
}

/**
 * Node's TextDecoder decodes windows-1252 (and the labels the Encoding Standard maps to it) as
 * ISO-8859-1, so 0x80–0x9F lose their curly quotes, dashes and euro sign: windows-1252.ts decodes it,
 * and ISO-8859-1 is Latin-1 proper, as iconv-lite has them. Both are one byte a character, so a
 * stream needs no carry-over between chunks.
 */
const SINGLE_BYTE = new Map<string, (bytes: Uint8Array) => string>([
  ['windows1252', decodeWindows1252],
  ['cp1252', decodeWindows1252],
  ['xcp1252', decodeWindows1252],
  ['iso88591', (bytes) => Buffer.from(bytes).toString('latin1')],
  ['latin1', (bytes) => Buffer.from(bytes).toString('latin1')],
  ['binary', (bytes) => Buffer.from(bytes).toString('latin1')],
]);

function decoderFor(charset: string): Decoder {
  const single = SINGLE_BYTE.get(charset.toLowerCase().replace(/[^a-z0-9]/g, ''));
  if (single) return { decode: (bytes) => (bytes ? single(bytes) : '') };
  return new TextDecoder(charset.trim().toLowerCase());
}

export function encodingExists(charset: string): boolean {
  try {
    decoderFor(charset);
    return true;
  } catch {
    return false;
  }
}

export function decode(bytes: Uint8Array | string, charset: string): string {
  const input = typeof bytes === 'string' ? Buffer.from(bytes, 'binary') : bytes;
  return decoderFor(charset).decode(input);
}

export function encode(text: string, charset: string): Buffer {
  const name = charset
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (name === 'utf8' || name === 'unicode11utf8') return Buffer.from(text, 'utf-8');
  if (name === 'latin1' || name === 'binary' || name === 'iso88591') return Buffer.from(text, 'latin1');
  throw new Error(`Encoding not supported in this bundle: ${charset}`);
}

/** A stream of bytes in `charset` to a stream of the same text in UTF-8 (iconv-lite's decodeStream). */
export function decodeStream(charset: string): Transform {
  const decoder = decoderFor(charset);
  return new Transform({
    transform(chunk: Buffer | string, encoding: BufferEncoding, done: TransformCallback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      const text = decoder.decode(bytes, { stream: true });
      done(null, text ? Buffer.from(text, 'utf-8') : undefined);
    },
    flush(done: TransformCallback) {
      const text = decoder.decode();
      done(null, text ? Buffer.from(text, 'utf-8') : undefined);
    },
  });
}

export default { decode, decodeStream, encode, encodingExists };
