import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  decodeWindows1252,
  encodeUtf16,
  encodeWindows1252,
} from '../../../functions/common/formats/windows-1252';

/** The five bytes Windows-1252 leaves undefined (the WHATWG standard reads them as C1 controls). */
const UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const ALL_BYTES = new Uint8Array(256).map((_, i) => i);

describe('Windows-1252', () => {
  it('decodes every defined byte as iconv-lite does, and the undefined ones to their C1 control', () => {
    // Act
    const ours = decodeWindows1252(ALL_BYTES);
    const reference = iconv.decode(Buffer.from(ALL_BYTES), 'windows-1252');
    // Assess
    for (let b = 0; b < 256; b++)
      expect(ours.charCodeAt(b), `byte 0x${b.toString(16)}`).toBe(
        UNDEFINED.has(b) ? b : reference.charCodeAt(b),
      );
    expect(decodeWindows1252(new Uint8Array([0x80, 0x93, 0x94, 0x96]))).toBe('€“”–');
  });

  it('encodes back to the very bytes it read (a write-back leaves the customer’s cells as they were)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(encodeWindows1252(decodeWindows1252(bytes))).toEqual(bytes);
      }),
    );
  });

  it('writes what it cannot hold as "?", as iconv-lite and Excel do', () => {
    // Act
    const ours = encodeWindows1252('Café € 日本 😀');
    // Assess
    expect(Buffer.from(ours)).toEqual(iconv.encode('Café € 日本 ??', 'windows-1252'));
  });

  it('encodes UTF-16 in either byte order as iconv-lite does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        expect(Buffer.from(encodeUtf16(text, 'le'))).toEqual(iconv.encode(text, 'utf-16le'));
        expect(Buffer.from(encodeUtf16(text, 'be'))).toEqual(iconv.encode(text, 'utf-16be'));
      }),
    );
  });
});
