/**
 * The parts of an xlsx workbook the spreadsheet reader uses, read with saxes (a streaming XML
 * parser) without building a model of the workbook: shared strings, the number format and
 * boldness of each cell style, and each worksheet's cells, rows, columns and merged ranges.
 *
 * It replaced exceljs for reading (exceljs, with the zip, stream and promise libraries it carries,
 * was about 400 kB of every function that reads a spreadsheet). It reads as exceljs 4.4 read, so
 * imports show what they showed, except where exceljs misread a file:
 * - a cell or row without its optional `r` attribute follows the one before it (exceljs refused
 *   the file as corrupted);
 * - element prefixes (`<x:c>`, written by some generators) are read as the plain names;
 * - a font with `<b val="0"/>` is not bold; a `t="d"` cell (an ISO date) is that date;
 * - a formula's text result and a `t="str"` cell are decoded once (exceljs decoded entities twice)
 *   and their OOXML escapes (`_x000D_`) decoded, as in every other string;
 * - the shared strings and styles parts are found through the workbook's relationships;
 * - a formula's cached shared string (`t="s"`, written by SheetJS) and CDATA text are read;
 * - elapsed times (`[h]:mm:ss`) are durations, never moved by a 1904 workbook's epoch.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/** A cell's value as stored, before its number format is applied. */
export type XlsxValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'error'; text: string }
  /** An ISO 8601 date (`t="d"`). */
  | { kind: 'date'; iso: string }
  /** A formula without a cached result. */
  | { kind: 'none' };

export interface XlsxCell {
  column: number;
  value: XlsxValue;
  /** The cell's style (`s`), 0 when it has none. */
  styleId: number;
}

export interface XlsxColumnRange {
  min: number;
  max: number;
  width: number | undefined;
  hidden: boolean;
}

export interface XlsxSheet {
  /** The cells with a value of each row that has any, by row number. */
  rows: Map<number, XlsxCell[]>;
  /** Rows marked hidden, with or without values. */
  hiddenRows: Set<number>;
  /** The highest row number of a row element (filled or not). */
  lastRow: number;
  columns: XlsxColumnRange[];
  /** Merged ranges in the order the sheet lists them (`A1:E1`). */
  merges: string[];
}

export interface XlsxStyles {
  /** The number format code of a cell style, when it has one other than General. */
  numFmt(styleId: number): string | undefined;
  bold(styleId: number): boolean;
}

interface Handlers {
  open(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** A tag's name without its prefix. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses `xml`, calling the handlers with local names; a malformed document throws. */
function walk(xml: string, handlers: Handlers) {
  const parser = new SaxesParser();
  parser.on('opentag', (tag: SaxesTagPlain) => handlers.open(local(tag.name), tag.attributes));
  if (handlers.text) {
    const text = handlers.text;
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag: SaxesTagPlain) => close(local(tag.name)));
  }
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
}

/** OOXML's escapes of characters XML cannot carry (`_x000D_`), decoded as Excel reads them. */
export const decodeEscapes = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;

const isTrue = (value: string | undefined) => value === '1' || value === 'true';

/**
 * Collects the text of `<t>` elements between an element's open and close, phonetic runs
 * (`<rPh>`) left out: a shared string (`<si>`) or an inline string (`<is>`), plain or rich.
 */
function stringCollector() {
  let parts: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  return {
    start() {
      parts = [];
    },
    open(name: string) {
      if (name === 'rPh') phonetic++;
      else if (name === 't' && parts && phonetic === 0) inText = true;
    },
    text(text: string) {
      if (inText) parts?.push(text);
    },
    close(name: string) {
      if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    /** The collected text, decoded; null when no string was started. */
    end(): string | null {
      const text = parts === null ? null : decodeEscapes(parts.join(''));
      parts = null;
      return text;
    },
  };
}

/** xl/sharedStrings.xml: each string's text (rich text as its runs' text joined). */
export function readSharedStrings(xml: string | undefined): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  const collector = stringCollector();
  walk(xml, {
    open(name) {
      if (name === 'si') collector.start();
      else collector.open(name);
    },
    text: collector.text,
    close(name) {
      if (name === 'si') strings.push(collector.end() ?? '');
      else collector.close(name);
    },
  });
  return strings;
}

/**
 * Built-in number formats (ECMA-376 §18.8.30) as exceljs names them; ids not listed have no
 * format (General). 22 is Excel's short date and time, which exceljs misnamed `m/d/yy "h":mm`.
 */
const BUILT_IN_FORMATS: Record<number, string> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00 ;(#,##0.00)',
  40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/**
 * xl/styles.xml: for each cell style (`cellXfs`), its number format and whether its font is bold.
 * Style 0 reads as no style, as exceljs read it.
 */
export function readStyles(xml: string | undefined): XlsxStyles {
  const customFormats = new Map<number, string>();
  const boldFonts: boolean[] = [];
  const cellStyles: Array<{ numFmtId: number; fontId: number }> = [];
  if (xml) {
    let section = '';
    walk(xml, {
      open(name, attributes) {
        if (
          name === 'numFmts' ||
          name === 'fonts' ||
          name === 'cellXfs' ||
          name === 'cellStyleXfs' ||
          name === 'dxfs'
        )
          section = name;
        else if (name === 'numFmt' && section === 'numFmts')
          customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
        else if (name === 'font' && section === 'fonts') boldFonts.push(false);
        else if (name === 'b' && section === 'fonts' && boldFonts.length)
          boldFonts[boldFonts.length - 1] = attributes.val === undefined || isTrue(attributes.val);
        else if (name === 'xf' && section === 'cellXfs')
          cellStyles.push({
            numFmtId: Number(attributes.numFmtId ?? 0),
            fontId: Number(attributes.fontId ?? 0),
          });
      },
      close(name) {
        if (name === section) section = '';
      },
    });
  }
  return {
    numFmt(styleId) {
      const style = styleId ? cellStyles[styleId] : undefined;
      if (!style?.numFmtId) return undefined;
      return customFormats.get(style.numFmtId) || BUILT_IN_FORMATS[style.numFmtId];
    },
    bold(styleId) {
      const style = styleId ? cellStyles[styleId] : undefined;
      return style ? (boldFonts[style.fontId] ?? false) : false;
    },
  };
}

const CELL_REF = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

/** A column's letters (`AB`, any case) → its number (28). */
export const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** `B7` → { column: 2, row: 7 }, or null. */
export function decodeCellRef(ref: string | undefined): { column: number; row: number } | null {
  const match = ref ? CELL_REF.exec(ref) : null;
  return match ? { column: columnNumber(match[1]), row: Number(match[2]) } : null;
}

/** A cell's stored value from its type (`t`), its `<v>` and whether it holds a formula. */
function storedValue(
  type: string | undefined,
  raw: string | undefined,
  formula: boolean,
  sharedStrings: string[],
) {
  if (raw === undefined || (formula && raw === '')) return formula ? ({ kind: 'none' } as const) : undefined;
  switch (type) {
    case 's':
      // A formula's cached result may be a shared string too (SheetJS writes them so).
      return { kind: 'text', text: sharedStrings[Number.parseInt(raw, 10)] ?? '' } as const;
    case 'str':
      return { kind: 'text', text: decodeEscapes(raw) } as const;
    case 'inlineStr':
      // Decoded as the `<is>` element was read.
      return { kind: 'text', text: raw } as const;
    case 'b':
      return { kind: 'boolean', value: Number.parseInt(raw, 10) !== 0 } as const;
    case 'e':
      return { kind: 'error', text: raw } as const;
    case 'd':
      return { kind: 'date', iso: raw.trim() } as const;
  }
  return { kind: 'number', value: Number.parseFloat(raw) } as const;
}

/**
 * A worksheet's cells with a value (the others, styled but empty, are left out), its rows' hidden
 * flags, its column ranges and its merged ranges. Parts a reader never uses (data validations,
 * conditional formats, drawings…) pass through the parser without being kept.
 */
export function readWorksheet(xml: string, sharedStrings: string[]): XlsxSheet {
  const rows = new Map<number, XlsxCell[]>();
  const hiddenRows = new Set<number>();
  const columns: XlsxColumnRange[] = [];
  const merges: string[] = [];
  const inline = stringCollector();
  let lastRow = 0;
  let rowNumber = 0;
  let inSheetData = false;
  // The cell being read.
  let cell: { column: number; type?: string; styleId: number } | null = null;
  let column = 0;
  let formula = false;
  let inValue = false;
  let value: string | undefined;
  walk(xml, {
    open(name, attributes) {
      if (cell) {
        if (name === 'v') inValue = true;
        else if (name === 'f') formula = true;
        else if (name === 'is') inline.start();
        else inline.open(name);
        return;
      }
      switch (name) {
        case 'sheetData':
          inSheetData = true;
          break;
        case 'row': {
          const r = Number.parseInt(attributes.r ?? '', 10);
          rowNumber = Number.isFinite(r) && r > 0 ? r : rowNumber + 1;
          lastRow = Math.max(lastRow, rowNumber);
          if (isTrue(attributes.hidden)) hiddenRows.add(rowNumber);
          column = 0;
          break;
        }
        case 'c': {
          if (!inSheetData) break;
          const ref = decodeCellRef(attributes.r);
          column = ref ? ref.column : column + 1;
          cell = { column, type: attributes.t, styleId: Number.parseInt(attributes.s ?? '0', 10) || 0 };
          formula = false;
          value = undefined;
          break;
        }
        case 'col': {
          const width =
            attributes.width === undefined ? undefined : Number.parseFloat(attributes.width || '0');
          columns.push({
            min: Number.parseInt(attributes.min ?? '0', 10),
            max: Number.parseInt(attributes.max ?? '0', 10),
            width,
            hidden: isTrue(attributes.hidden),
          });
          break;
        }
        case 'mergeCell':
          if (attributes.ref) merges.push(attributes.ref);
          break;
      }
    },
    text(text) {
      if (!cell) return;
      if (inValue) value = (value ?? '') + text;
      else inline.text(text);
    },
    close(name) {
      if (!cell) {
        if (name === 'sheetData') inSheetData = false;
        return;
      }
      if (name === 'v') inValue = false;
      else if (name === 'is') value = inline.end() ?? undefined;
      else if (name === 'c') {
        const resolved = storedValue(cell.type, value, formula, sharedStrings);
        if (resolved) {
          const read = { column: cell.column, value: resolved, styleId: cell.styleId };
          const row = rows.get(rowNumber);
          if (row) row.push(read);
          else rows.set(rowNumber, [read]);
        }
        cell = null;
      } else inline.close(name);
    },
  });
  return { rows, hiddenRows, lastRow, columns, merges };
}
