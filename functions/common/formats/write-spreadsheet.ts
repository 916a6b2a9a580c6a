/**
 * Write-back: the answered questionnaire in the customer's own spreadsheet.
 *
 * xlsx: a workbook is not round-tripped through a model (exceljs drops what it does not model).
 * Only the XML of the worksheets that receive answers is edited: each value becomes an inline
 * string in its exact cell (the cell's style kept, a formula there replaced), rows and cells
 * created in order where absent. A value of several lines is set to wrap: its cell gets a copy of
 * its style with wrapping on (added at the end of the styles part, so every existing style keeps its
 * index and the cell's font, fill, border and number format stay as they were). Every other part —
 * other sheets, column widths, merged cells, data validations and drop-downs, comments, frozen
 * panes, defined names, a macro workbook's VBA project (xl/vbaProject.bin) — keeps its bytes.
 * Sheets are found by their tabs (xl/workbook.xml and its relationships), whatever their part names.
 * A protected sheet stays protected: a cell it locks (its style's protection, locked unless the
 * style says locked="0") is never written, and `lockedWrites` names those cells beforehand. Text is
 * written with OOXML's escapes where it needs them (`_x005F_` before what reads as an escape, and
 * control characters XML cannot hold as `_xHHHH_`), so Excel shows exactly what was written.
 *
 * csv: the same file with the target cells filled, in its own encoding (BOM kept), delimiter, line
 * endings and quoting; the rows not written to keep their bytes. A Windows-1252 file never gets a
 * character it cannot hold (no silent '?'): `unrepresentableWrites` lists them beforehand, and the
 * file is then written as UTF-8 (with a BOM, so Excel reads it so) when asked, or refused.
 */
import { DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { parseCsv, writeCsvCells } from './csv';
import { neutralise } from './formula';
import { type CellWrite, SourceFormatError, type SpreadsheetFormat } from './types';
import { encodeUtf16, encodeWindows1252, unrepresentableInWindows1252 } from './windows-1252';
import { unzipChecked } from './zip-guard';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const columnLetters = (column: number) => {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
};
const columnOf = (ref: string) =>
  [...(/^[A-Z]+/.exec(ref)?.[0] ?? '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** The worksheet part of each sheet, in workbook order (xl/workbook.xml + its relationships). */
export function worksheetParts(files: Record<string, Uint8Array>): string[] {
  const parser = new DOMParser();
  const workbook = parser.parseFromString(strFromU8(files['xl/workbook.xml']), 'text/xml');
  const rels = parser.parseFromString(
    strFromU8(files['xl/_rels/workbook.xml.rels'] ?? strToU8('<Relationships/>')),
    'text/xml',
  );
  const targets = new Map<string, string>();
  for (const rel of Array.from(rels.getElementsByTagName('Relationship'))) {
    const target = rel.getAttribute('Target') ?? '';
    targets.set(rel.getAttribute('Id') ?? '', target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  return Array.from(workbook.getElementsByTagNameNS(MAIN_NS, 'sheet')).map(
    (sheet) => targets.get(sheet.getAttributeNS(REL_NS, 'id') ?? '') ?? '',
  );
}

/** The workbook's styles part (xl/styles.xml as a rule), from the workbook's relationships. */
function stylesPart(files: Record<string, Uint8Array>): string | undefined {
  const rels = files['xl/_rels/workbook.xml.rels'];
  if (!rels) return undefined;
  const doc = new DOMParser().parseFromString(strFromU8(rels), 'text/xml');
  for (const rel of Array.from(doc.getElementsByTagName('Relationship'))) {
    if (!(rel.getAttribute('Type') ?? '').endsWith('/styles')) continue;
    const target = rel.getAttribute('Target') ?? '';
    const part = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    return files[part] ? part : undefined;
  }
  return undefined;
}

/**
 * Wrapping versions of a workbook's cell styles, made on demand: for a style index, the index of a
 * copy with wrapText on (the style itself when it already wraps). Copies go at the end of cellXfs.
 */
class WrapStyles {
  private readonly doc;
  private readonly cellXfs: Element | undefined;
  private readonly made = new Map<number, number>();
  private changed = false;

  constructor(
    private readonly files: Record<string, Uint8Array>,
    private readonly part: string | undefined,
  ) {
    this.doc = part ? new DOMParser().parseFromString(strFromU8(files[part]), 'text/xml') : undefined;
    this.cellXfs = this.doc?.getElementsByTagNameNS(MAIN_NS, 'cellXfs')[0];
  }

  /** The wrapping style for `index`, or `index` itself when the workbook has no styles to copy. */
  wrapping(index: number): number {
    const known = this.made.get(index);
    if (known !== undefined) return known;
    const xfs = this.cellXfs ? childElements(this.cellXfs, 'xf') : [];
    const base = xfs[index] ?? xfs[0];
    if (!this.cellXfs || !base) return index;
    const alignment = childElements(base, 'alignment')[0];
    if (alignment?.getAttribute('wrapText') === '1' || alignment?.getAttribute('wrapText') === 'true') {
      this.made.set(index, index);
      return index;
    }
    const copy = base.cloneNode(true) as Element;
    let copyAlignment = childElements(copy, 'alignment')[0];
    if (!copyAlignment) {
      copyAlignment = copy.ownerDocument!.createElementNS(MAIN_NS, 'alignment');
      // alignment is the first child an xf may have (then protection, extLst).
      copy.insertBefore(copyAlignment, copy.firstChild);
    }
    copyAlignment.setAttribute('wrapText', '1');
    copy.setAttribute('applyAlignment', '1');
    this.cellXfs.appendChild(copy);
    const made = xfs.length;
    this.cellXfs.setAttribute('count', String(made + 1));
    this.made.set(index, made);
    this.changed = true;
    return made;
  }

  save() {
    if (this.changed && this.part && this.doc) {
      this.files[this.part] = strToU8(new XMLSerializer().serializeToString(this.doc));
    }
  }
}

/** Whether a value has more than one line (and so must wrap to show them). */
const multiLine = (value: string) => /[\r\n]/.test(value);

function childElements(parent: Element, localName: string): Element[] {
  return Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === localName,
  );
}

/**
 * Text as OOXML stores it: what would read as an escape (`_x000D_`) gets its underscore escaped,
 * and characters XML 1.0 cannot hold are written as escapes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped.
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const ooxmlEscape = (value: string) =>
  value
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(NOT_IN_XML, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);

const findRow = (sheetData: Element, rowNumber: number) =>
  childElements(sheetData, 'row').find((r) => Number(r.getAttribute('r')) === rowNumber);

/** A sheet's column styles (`<col min max style>`), read once per sheet. */
type ColumnStyles = Array<{ min: number; max: number; style: number }>;

function columnStyles(doc: Document): ColumnStyles {
  return Array.from(doc.getElementsByTagNameNS(MAIN_NS, 'col'))
    .filter((col) => col.getAttribute('style') !== null)
    .map((col) => ({
      min: Number(col.getAttribute('min')),
      max: Number(col.getAttribute('max')),
      style: Number(col.getAttribute('style')) || 0,
    }));
}

/**
 * The style index a cell has, or would have once written: its own, else its row's (when the row is
 * formatted), else its column's, else 0.
 */
function cellStyle(
  sheetData: Element,
  columns: ColumnStyles,
  rowNumber: number,
  columnNumber: number,
): number {
  const row = findRow(sheetData, rowNumber);
  const ref = `${columnLetters(columnNumber)}${rowNumber}`;
  const cell = row ? childElements(row, 'c').find((c) => c.getAttribute('r') === ref) : undefined;
  if (cell) return Number(cell.getAttribute('s') ?? 0) || 0;
  return inheritedStyle(columns, row, columnNumber) ?? 0;
}

/** The style a new cell takes from its formatted row or its column, if any. */
function inheritedStyle(
  columns: ColumnStyles,
  row: Element | undefined,
  columnNumber: number,
): number | undefined {
  if (row && isTrue(row.getAttribute('customFormat')) && row.getAttribute('s') !== null)
    return Number(row.getAttribute('s')) || 0;
  return columns.find((c) => columnNumber >= c.min && columnNumber <= c.max)?.style;
}

const isTrue = (value: string | null) => value === '1' || value === 'true';

/** Whether the sheet is protected (its sheetProtection has sheet="1"). */
function isProtected(doc: Document): boolean {
  const protection = doc.getElementsByTagNameNS(MAIN_NS, 'sheetProtection')[0];
  return !!protection && isTrue(protection.getAttribute('sheet'));
}

/** The cell styles (cellXfs indexes) that leave a cell unlocked: protection locked="0". */
function unlockedStyles(files: Record<string, Uint8Array>): Set<number> {
  const part = stylesPart(files);
  const unlocked = new Set<number>();
  if (!part) return unlocked;
  const doc = new DOMParser().parseFromString(strFromU8(files[part]), 'text/xml');
  const cellXfs = doc.getElementsByTagNameNS(MAIN_NS, 'cellXfs')[0];
  (cellXfs ? childElements(cellXfs, 'xf') : []).forEach((xf, index) => {
    const locked = childElements(xf, 'protection')[0]?.getAttribute('locked');
    if (locked === '0' || locked === 'false') unlocked.add(index);
  });
  return unlocked;
}

type Document = NonNullable<Element['ownerDocument']>;

function writeCell(
  sheetData: Element,
  columns: ColumnStyles,
  rowNumber: number,
  columnNumber: number,
  value: string,
  styles: WrapStyles,
) {
  const doc = sheetData.ownerDocument!;
  const rows = childElements(sheetData, 'row');
  let row = rows.find((r) => Number(r.getAttribute('r')) === rowNumber);
  if (!row) {
    row = doc.createElementNS(MAIN_NS, 'row');
    row.setAttribute('r', String(rowNumber));
    const after = rows.find((r) => Number(r.getAttribute('r')) > rowNumber);
    sheetData.insertBefore(row, after ?? null);
  }
  const ref = `${columnLetters(columnNumber)}${rowNumber}`;
  const cells = childElements(row, 'c');
  let cell = cells.find((c) => c.getAttribute('r') === ref);
  if (!cell) {
    cell = doc.createElementNS(MAIN_NS, 'c');
    cell.setAttribute('r', ref);
    // A new cell is formatted (and locked or not) as its row or column says, as Excel would.
    const inherited = inheritedStyle(columns, row, columnNumber);
    if (inherited) cell.setAttribute('s', String(inherited));
    const after = cells.find((c) => columnOf(c.getAttribute('r') ?? '') > columnNumber);
    row.insertBefore(cell, after ?? null);
    // A row's spans hint must cover its cells; dropping it is always valid.
    row.removeAttribute('spans');
  }
  while (cell.firstChild) cell.removeChild(cell.firstChild);
  // An empty value clears the cell (an "X" mark taken out of a column), its style kept.
  if (value === '') {
    cell.removeAttribute('t');
    return;
  }
  cell.setAttribute('t', 'inlineStr');
  const is = doc.createElementNS(MAIN_NS, 'is');
  const t = doc.createElementNS(MAIN_NS, 't');
  t.setAttribute('xml:space', 'preserve');
  t.appendChild(doc.createTextNode(ooxmlEscape(value)));
  is.appendChild(t);
  cell.appendChild(is);
  if (multiLine(value)) cell.setAttribute('s', String(styles.wrapping(Number(cell.getAttribute('s') ?? 0))));
}

/** Each written sheet's XML, with the writes it takes and those its protection locks out. */
function plannedSheets(files: Record<string, Uint8Array>, writes: CellWrite[]) {
  const parts = worksheetParts(files);
  const unlocked = unlockedStyles(files);
  const bySheet = new Map<number, CellWrite[]>();
  for (const w of writes) bySheet.set(w.sheetIndex, [...(bySheet.get(w.sheetIndex) ?? []), w]);
  return [...bySheet].map(([sheetIndex, sheetWrites]) => {
    const part = parts[sheetIndex];
    if (!part || !files[part])
      throw new SourceFormatError('The workbook no longer has the sheet these answers belong to.');
    const doc = new DOMParser().parseFromString(strFromU8(files[part]), 'text/xml');
    const sheetData = doc.getElementsByTagNameNS(MAIN_NS, 'sheetData')[0];
    if (!sheetData) throw new SourceFormatError('A sheet of this workbook could not be written.');
    const columns = columnStyles(doc);
    const locked = new Set(
      isProtected(doc)
        ? sheetWrites.filter((w) => !unlocked.has(cellStyle(sheetData, columns, w.rowNumber, w.columnNumber)))
        : [],
    );
    return {
      part,
      doc,
      sheetData,
      columns,
      writes: sheetWrites.filter((w) => !locked.has(w)),
      locked: [...locked],
    };
  });
}

/** The writes whose cells a protected sheet locks (write-back leaves them as they are). */
export async function lockedWrites(
  original: Uint8Array,
  format: SpreadsheetFormat,
  writes: CellWrite[],
): Promise<CellWrite[]> {
  if (format === 'csv' || !writes.length) return [];
  const files = await unzipChecked(original, 'xlsx');
  // Most workbooks protect nothing: their sheets are not parsed for it.
  const protects = Object.entries(files).some(
    ([name, bytes]) => name.startsWith('xl/worksheets/') && strFromU8(bytes).includes('sheetProtection'),
  );
  return protects ? plannedSheets(files, writes).flatMap((sheet) => sheet.locked) : [];
}

async function writeXlsx(original: Uint8Array, writes: CellWrite[]): Promise<Uint8Array> {
  const files = await unzipChecked(original, 'xlsx');
  const styles = new WrapStyles(files, stylesPart(files));
  for (const { part, doc, sheetData, columns, writes: sheetWrites } of plannedSheets(files, writes)) {
    if (!sheetWrites.length) continue;
    for (const w of sheetWrites) writeCell(sheetData, columns, w.rowNumber, w.columnNumber, w.value, styles);
    // Grow the used range so Excel shows every written cell.
    const dimension = doc.getElementsByTagNameNS(MAIN_NS, 'dimension')[0];
    dimension?.parentNode?.removeChild(dimension);
    files[part] = strToU8(new XMLSerializer().serializeToString(doc));
  }
  styles.save();
  // Formulas that depended on overwritten cells recalculate when the file is opened.
  if (files['xl/calcChain.xml']) {
    delete files['xl/calcChain.xml'];
    const types = strFromU8(files['[Content_Types].xml']).replace(/<Override[^>]*calcChain[^>]*\/>/, '');
    files['[Content_Types].xml'] = strToU8(types);
    const rels = files['xl/_rels/workbook.xml.rels'];
    if (rels)
      files['xl/_rels/workbook.xml.rels'] = strToU8(
        strFromU8(rels).replace(/<Relationship[^>]*calcChain[^>]*\/>/, ''),
      );
  }
  return zipSync(files, { level: 6 });
}

/** How a CSV is written back: in its own encoding (the default) or as UTF-8 instead. */
export type CsvEncodingChoice = 'original' | 'utf-8';

export const UNREPRESENTABLE_REFUSED =
  'Some answers have characters this file’s encoding cannot hold. Write the file as UTF-8 instead, or change those answers.';

/** A write, and the characters of it the file's encoding cannot hold. */
export interface UnrepresentableWrite {
  write: CellWrite;
  characters: string[];
}

/** The writes with characters a Windows-1252 CSV cannot hold (nothing for other encodings). */
export function unrepresentableWrites(
  original: Uint8Array,
  format: SpreadsheetFormat,
  writes: CellWrite[],
): UnrepresentableWrite[] {
  if (format !== 'csv' || parseCsv(original).encoding !== 'windows-1252') return [];
  return writes
    .map((write) => ({ write, characters: unrepresentableInWindows1252(neutralise(write.value)) }))
    .filter((w) => w.characters.length > 0);
}

function writeCsv(original: Uint8Array, writes: CellWrite[], encoding: CsvEncodingChoice): Uint8Array {
  const layout = parseCsv(original);
  // What the product writes is neutralised; the customer's own cells stay as they were.
  const cells = writes.map((w) => ({
    rowNumber: w.rowNumber,
    columnNumber: w.columnNumber,
    value: neutralise(w.value),
  }));
  const text = writeCsvCells(layout, cells);
  if (encoding === 'utf-8') return strToU8(layout.encoding === 'utf-8' ? text : `\uFEFF${text}`);
  if (layout.encoding === 'windows-1252' && cells.some((c) => unrepresentableInWindows1252(c.value).length))
    throw new SourceFormatError(UNREPRESENTABLE_REFUSED);
  switch (layout.encoding) {
    case 'utf-8':
      return strToU8(text);
    case 'utf-8-bom':
      return strToU8(`\uFEFF${text}`);
    case 'utf-16le':
      return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), encodeUtf16(text, 'le')]));
    case 'utf-16be':
      return new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), encodeUtf16(text, 'be')]));
    case 'windows-1252':
      return encodeWindows1252(text);
  }
}

export async function writeSpreadsheet(
  original: Uint8Array,
  format: SpreadsheetFormat,
  writes: CellWrite[],
  options: { encoding?: CsvEncodingChoice } = {},
): Promise<Uint8Array> {
  return format === 'csv'
    ? writeCsv(original, writes, options.encoding ?? 'original')
    : writeXlsx(original, writes);
}
