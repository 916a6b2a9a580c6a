/**
 * Boxes to tick drawn with a symbol font: a `w:sym` run (Insert › Symbol) or a character typed in
 * the font. Word keeps a symbol font's character either in the private-use range (F0A8) or as the
 * plain byte (A8, '¨'); fonts with real Unicode boxes (MS Gothic, Segoe UI Symbol) use ☐ ☑ ☒.
 * The reader shows each such box as ☐ or ☒; the write-back ticks a box with its own font's ticked
 * glyph and clears one with its own font's empty glyph.
 */

interface SymbolFont {
  /** Character codes (without the F000 private-use offset) of the font's empty and ticked boxes. */
  empty: number[];
  ticked: number[];
}

const UNICODE_BOXES: SymbolFont = { empty: [0x2610], ticked: [0x2612, 0x2611] };

const FONTS = new Map<string, SymbolFont>([
  // Wingdings: ¨ (A8) and o (6F) empty; þ (FE) box with a tick, ý (FD) and x (78) with a cross.
  ['wingdings', { empty: [0xa8, 0x6f], ticked: [0xfe, 0xfd, 0x78] }],
  // Wingdings 2: £ (A3) and * (2A) empty; R (52) with a tick, T (54), S (53) and Q (51) with a cross.
  ['wingdings 2', { empty: [0xa3, 0x2a], ticked: [0x52, 0x54, 0x53, 0x51] }],
  ['ms gothic', UNICODE_BOXES],
  ['ms mincho', UNICODE_BOXES],
  ['segoe ui symbol', UNICODE_BOXES],
]);

const fontOf = (name: string | undefined) => (name ? FONTS.get(name.trim().toLowerCase()) : undefined);

/** The code a symbol font's character stands for, without the private-use offset (F0A8 → A8). */
const plain = (code: number) => (code >= 0xf000 && code <= 0xf0ff ? code - 0xf000 : code);

/** Whether a character in this font is a box: 'empty', 'ticked', or undefined when it is not one. */
export function symbolBox(font: string | undefined, code: number): 'empty' | 'ticked' | undefined {
  const boxes = fontOf(font);
  if (!boxes) return undefined;
  if (boxes.empty.includes(plain(code))) return 'empty';
  if (boxes.ticked.includes(plain(code))) return 'ticked';
  return undefined;
}

/** Whether the font draws boxes (its characters are read through symbolBox). */
export const isSymbolFont = (font: string | undefined) => fontOf(font) !== undefined;

/**
 * The character that draws a box in the font, ticked or empty, in the form the box was written in
 * (`like`: private-use F0xx or the plain code). The font's first ticked / empty glyph.
 */
export function symbolGlyph(font: string, ticked: boolean, like: number): number {
  const boxes = fontOf(font) ?? UNICODE_BOXES;
  const code = (ticked ? boxes.ticked : boxes.empty)[0];
  return like >= 0xf000 && like <= 0xf0ff && code <= 0xff ? code + 0xf000 : code;
}

/** The glyph the reader shows for a box in a symbol font. */
export const shownBox = (state: 'empty' | 'ticked') => (state === 'empty' ? '☐' : '☒');
