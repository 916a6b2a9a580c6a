/**
 * A workbook's list validations (drop-downs), read from the sheet XML itself, never cell by cell (a
 * whole-sheet one such as `N1:XFD1048576` is 17 billion cells). Each validation is kept as its ranges and its allowed
 * values, never as cells:
 *
 * - `<dataValidations>` after the cells, and `<x14:dataValidations>` in the extension list (where
 *   newer Excel puts a list that refers to another sheet);
 * - a list's source is an inline list (`"Yes,No,N/A"`), a range (`Lists!$A$1:$A$3`, `$H$1:$H$4`,
 *   `'My lists'!A:A`) or a defined name for one; a range's values are the cells Excel shows there,
 *   hidden sheets included. Other sources (INDIRECT, OFFSET…) give no list.
 *
 * Everything is capped: validations per sheet, ranges per validation, values per list, and the
 * XML read for them.
 */
import { strFromU8 } from 'fflate';
import type { SheetContent } from '../../../shared/schemas/source';
import { columnNumber } from './xlsx-cells';
import { type XmlElement as Element, parseXml } from './xml-tree';

export const VALIDATION_LIMITS = {
  perSheet: 200,
  /** References read from one validation's sqref, and ranges kept once adjacent ones are joined. */
  references: 20_000,
  ranges: 500,
  values: 50,
  valueText: 200,
  xmlBytes: 2_000_000,
};

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAX_ROW = 1_048_576;
const MAX_COLUMN = 16_384;

export type CellRange = { fromRow: number; fromColumn: number; toRow: number; toColumn: number };
export type SheetValidation = NonNullable<SheetContent['validations']>[number];

/** `A1`, `$A$1:$C$9`, `A:A`, `3:5` → a range (1-based, inclusive), or null. */
export function parseRef(ref: string): CellRange | null {
  const parts = ref.replace(/\$/g, '').trim().split(':');
  if (parts.length > 2 || !parts[0]) return null;
  const end = (part: string) => {
    const cell = /^([A-Z]{1,3})(\d{1,7})$/i.exec(part);
    if (cell) return { row: Number(cell[2]), column: columnNumber(cell[1]) };
    if (/^[A-Z]{1,3}$/i.test(part)) return { row: null, column: columnNumber(part) };
    if (/^\d{1,7}$/.test(part)) return { row: Number(part), column: null };
    return null;
  };
  const from = end(parts[0]);
  const to = end(parts[1] ?? parts[0]);
  if (!from || !to) return null;
  const range = {
    fromRow: from.row ?? 1,
    fromColumn: from.column ?? 1,
    toRow: to.row ?? MAX_ROW,
    toColumn: to.column ?? MAX_COLUMN,
  };
  if (range.fromRow < 1 || range.fromColumn < 1 || range.toRow > MAX_ROW || range.toColumn > MAX_COLUMN)
    return null;
  if (range.toRow < range.fromRow || range.toColumn < range.fromColumn) return null;
  return range;
}

/** The values an inline list (`"Yes,No,N/A"`) allows. */
const inlineList = (formula: string) =>
  formula
    .slice(1, -1)
    .replace(/""/g, '"')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** `Lists!$A$1:$A$3`, `'My lists'!A1:A3` or `$A$1:$A$3` → the sheet's name (or null: this sheet) and its range. */
function rangeReference(formula: string): { sheetName: string | null; range: CellRange } | null {
  const match =
    /^(?:(?:'((?:[^']|'')+)'|([^'!:]+))!)?(\$?[A-Z]{0,3}\$?\d{0,7}(?::\$?[A-Z]{0,3}\$?\d{0,7})?)$/i.exec(
      formula.trim(),
    );
  if (!match) return null;
  const range = parseRef(match[3]);
  if (!range) return null;
  const sheetName = match[1]?.replace(/''/g, "'") ?? match[2] ?? null;
  return { sheetName, range };
}

/** The text Excel shows in each cell of `range`, row by row, empty cells left out (capped). */
function valuesIn(content: SheetContent, range: CellRange): string[] {
  const values: string[] = [];
  for (const row of content.rows) {
    if (row.rowNumber < range.fromRow || row.rowNumber > range.toRow) continue;
    const last = Math.min(range.toColumn, row.cells.length);
    for (let column = range.fromColumn; column <= last; column++) {
      const text = row.cells[column - 1]?.trim();
      if (text && !values.includes(text)) values.push(text);
      if (values.length >= VALIDATION_LIMITS.values) return values;
    }
  }
  return values;
}

/** The slice of a sheet's XML from the first `tag` element to the end of the last one, or ''. */
function section(xml: string, open: RegExp, close: string): string {
  const start = xml.search(open);
  if (start < 0) return '';
  const end = xml.lastIndexOf(close);
  if (end < start) return '';
  const slice = xml.slice(start, end + close.length);
  return slice.length > VALIDATION_LIMITS.xmlBytes ? '' : slice;
}

/**
 * The parts of a worksheet's XML that declare list validations (both places), cut from its bytes
 * without decoding the rest: the whole part need not be kept once this is taken. '' when none.
 */
export function validationXml(part: Uint8Array): string {
  const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
  const slices: string[] = [];
  const cut = (start: number, end: number) => {
    if (start >= 0 && end > start && end - start <= VALIDATION_LIMITS.xmlBytes)
      slices.push(bytes.subarray(start, end).toString('utf8'));
  };
  const plain = bytes.indexOf('<dataValidations');
  if (plain >= 0) {
    const close = bytes.indexOf('</dataValidations>', plain);
    cut(plain, close < 0 ? -1 : close + '</dataValidations>'.length);
  }
  const prefixed = bytes.indexOf(':dataValidations');
  if (prefixed >= 0) {
    const open = bytes.lastIndexOf('<', prefixed);
    const close = bytes.lastIndexOf(':dataValidations>');
    cut(open, close < prefixed ? -1 : close + ':dataValidations>'.length);
  }
  return slices.join('');
}

/** The slice is parsed on its own, by local names: its prefixes need no declarations. */
const WRAP_OPEN = '<w>';

const byLocalName = (parent: Element, name: string) => parent.descendants((e) => e.localName === name);

interface RawValidation {
  sqref: string;
  formula: string;
}

/** The list validations a worksheet part declares, in both places, unresolved. */
export function rawListValidations(sheetXml: string): RawValidation[] {
  const raw: RawValidation[] = [];
  const read = (slice: string, x14: boolean) => {
    if (!slice) return;
    let root: Element;
    try {
      root = parseXml(`${WRAP_OPEN}${slice}</w>`, { namespaces: false }).documentElement;
    } catch {
      return;
    }
    for (const validation of byLocalName(root, 'dataValidation')) {
      if (raw.length >= VALIDATION_LIMITS.perSheet) return;
      if (validation.getAttribute('type') !== 'list') continue;
      const formula1 = byLocalName(validation, 'formula1')[0];
      const formula = x14
        ? (byLocalName(formula1 ?? validation, 'f')[0]?.textContent ?? '')
        : (formula1?.textContent ?? '');
      const sqref = x14
        ? (byLocalName(validation, 'sqref')[0]?.textContent ?? '')
        : (validation.getAttribute('sqref') ?? '');
      if (formula.trim() && sqref.trim()) raw.push({ sqref, formula: formula.trim() });
    }
  };
  read(section(sheetXml, /<dataValidations[\s>]/, '</dataValidations>'), false);
  read(section(sheetXml, /<[A-Za-z0-9]+:dataValidations[\s>]/, 'dataValidations>'), true);
  return raw;
}

export interface WorkbookNames {
  /** Sheet names in workbook order, each with its worksheet part and whether its tab is hidden. */
  sheets: Array<{ name: string; part: string; hidden: boolean }>;
  /** The shared strings and styles parts (the usual names when the relationships do not say). */
  sharedStrings: string;
  styles: string;
  /** Serial dates count from 1904 (older Mac workbooks). */
  date1904: boolean;
  /** Defined names: name (lower case) → formula, with the sheet index it is local to (or null). */
  definedNames: Array<{ name: string; localSheetId: number | null; formula: string }>;
}

/** xl/workbook.xml and its relationships: the sheets' parts and the defined names. */
export function workbookNames(files: Map<string, Uint8Array>): WorkbookNames {
  const names: WorkbookNames = {
    sheets: [],
    definedNames: [],
    sharedStrings: 'xl/sharedStrings.xml',
    styles: 'xl/styles.xml',
    date1904: false,
  };
  const workbookXml = files.get('xl/workbook.xml');
  if (!workbookXml) return names;
  const workbook = parseXml(strFromU8(workbookXml));
  const relsXml = files.get('xl/_rels/workbook.xml.rels');
  const targets = new Map<string, string>();
  if (relsXml) {
    const rels = parseXml(strFromU8(relsXml));
    for (const rel of Array.from(rels.getElementsByTagName('Relationship'))) {
      const target = rel.getAttribute('Target') ?? '';
      const part = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      targets.set(rel.getAttribute('Id') ?? '', part);
      const type = rel.getAttribute('Type') ?? '';
      if (type.endsWith('/sharedStrings')) names.sharedStrings = part;
      else if (type.endsWith('/styles')) names.styles = part;
    }
  }
  names.sheets = Array.from(workbook.getElementsByTagNameNS(MAIN_NS, 'sheet')).map((sheet) => ({
    name: sheet.getAttribute('name') ?? '',
    part: targets.get(sheet.getAttributeNS(REL_NS, 'id') ?? '') ?? '',
    hidden: !['', 'visible'].includes(sheet.getAttribute('state') ?? ''),
  }));
  names.definedNames = Array.from(workbook.getElementsByTagNameNS(MAIN_NS, 'definedName')).map((d) => {
    const local = d.getAttribute('localSheetId');
    return {
      name: (d.getAttribute('name') ?? '').toLowerCase(),
      localSheetId: local === null ? null : Number(local),
      formula: (d.textContent ?? '').trim(),
    };
  });
  const date1904 = workbook.getElementsByTagNameNS(MAIN_NS, 'workbookPr')[0]?.getAttribute('date1904');
  names.date1904 = date1904 === '1' || date1904 === 'true';
  return names;
}

/**
 * The list validations of the sheet at `sheetIndex`, resolved against the workbook's sheets
 * (`contentOf(name)` gives a sheet's cells by its name).
 */
export function listValidations(
  sheetXml: string,
  sheetIndex: number,
  names: WorkbookNames,
  contentOf: (sheetName: string | null) => SheetContent | undefined,
): SheetValidation[] {
  const validations: SheetValidation[] = [];
  const resolve = (formula: string, depth = 0): string[] => {
    const f = formula.replace(/^=/, '').trim();
    if (/^".*"$/s.test(f)) return inlineList(f);
    const reference = rangeReference(f);
    if (reference) {
      const content = contentOf(reference.sheetName);
      return content ? valuesIn(content, reference.range) : [];
    }
    if (depth === 0 && /^[A-Za-z_\\][\w.\\]*$/.test(f)) {
      const matches = names.definedNames.filter((d) => d.name === f.toLowerCase());
      const name =
        matches.find((d) => d.localSheetId === sheetIndex) ?? matches.find((d) => d.localSheetId === null);
      return name ? resolve(name.formula, 1) : [];
    }
    return [];
  };
  for (const { sqref, formula } of rawListValidations(sheetXml)) {
    const ranges = joined(
      sqref
        .trim()
        .split(/\s+/)
        .slice(0, VALIDATION_LIMITS.references)
        .map(parseRef)
        .filter((r) => r !== null),
    ).slice(0, VALIDATION_LIMITS.ranges);
    const values = resolve(formula)
      .map((v) => v.slice(0, VALIDATION_LIMITS.valueText))
      .slice(0, VALIDATION_LIMITS.values);
    if (ranges.length && values.length) validations.push({ ranges, values });
  }
  return validations;
}

/**
 * Ranges one under the other over the same columns joined into one (`E5 E6 E7` → `E5:E7`: some
 * writers list every cell of a column on its own).
 */
function joined(ranges: CellRange[]): CellRange[] {
  const sorted = [...ranges].sort(
    (a, b) => a.fromColumn - b.fromColumn || a.toColumn - b.toColumn || a.fromRow - b.fromRow,
  );
  const out: CellRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (
      last &&
      last.fromColumn === r.fromColumn &&
      last.toColumn === r.toColumn &&
      r.fromRow <= last.toRow + 1
    )
      last.toRow = Math.max(last.toRow, r.toRow);
    else out.push({ ...r });
  }
  return out;
}
