/**
 * Windows-1252, the encoding of CSV files saved by Excel on Western-European Windows, as the WHATWG
 * Encoding Standard defines it: ASCII and Latin-1 except for 0x80–0x9F, where it has €, curly
 * quotes, dashes and a few letters (the five bytes it leaves undefined stand for the C1 controls of
 * the same number, so every byte decodes to its own character and encodes back to itself). Written
 * here because Node's TextDecoder reads this label as ISO-8859-1, and a codec library for one table
 * would put half a megabyte into every function that reads a spreadsheet.
 */
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];
const BYTE_OF = new Map(HIGH.map((code, i) => [code, 0x80 + i]));
/** What a character Windows-1252 cannot hold becomes, as Excel writes it. */
const UNMAPPABLE = 0x3f; // '?'

export function decodeWindows1252(bytes: Uint8Array): string {
  const codes = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    codes[i] = b >= 0x80 && b < 0xa0 ? HIGH[b - 0x80] : b;
  }
  let text = '';
  for (let i = 0; i < codes.length; i += 8192) text += String.fromCharCode(...codes.subarray(i, i + 8192));
  return text;
}

export function encodeWindows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i] = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : (BYTE_OF.get(code) ?? UNMAPPABLE);
  }
  return bytes;
}

/** Whether Windows-1252 holds this character (one UTF-16 code unit). */
const holds = (code: number) => code < 0x80 || (code >= 0xa0 && code <= 0xff) || BYTE_OF.has(code);

/** The characters of `text` Windows-1252 cannot hold, each once, in order (whole emoji, not halves). */
export function unrepresentableInWindows1252(text: string): string[] {
  const found = new Set<string>();
  for (const character of text) {
    if (character.length > 1 || !holds(character.charCodeAt(0))) found.add(character);
  }
  return [...found];
}

/** UTF-16 in either byte order, without a byte-order mark. */
export function encodeUtf16(text: string, order: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(text, 'utf16le'));
  if (order === 'be')
    for (let i = 0; i + 1 < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1], bytes[i]];
  return bytes;
}
