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
 * panes, defined names — keeps its bytes.
 *
 * csv: the same file with the target cells filled, in its own encoding (BOM kept), delimiter, line
 * endings and quoting; the rows not written to keep their bytes.
 */
import { DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { parseCsv, writeCsvCells } from './csv';
import { neutralise } from './formula';
import { type CellWrite, SourceFormatError, type SpreadsheetFormat } from './types';
import { encodeUtf16, encodeWindows1252 } from './windows-1252';
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
function worksheetParts(files: Record<string, Uint8Array>): string[] {
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

function writeCell(
  sheetData: Element,
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
  t.appendChild(doc.createTextNode(value));
  is.appendChild(t);
  cell.appendChild(is);
  if (multiLine(value)) cell.setAttribute('s', String(styles.wrapping(Number(cell.getAttribute('s') ?? 0))));
}

async function writeXlsx(original: Uint8Array, writes: CellWrite[]): Promise<Uint8Array> {
  const files = await unzipChecked(original, 'xlsx');
  const parts = worksheetParts(files);
  const styles = new WrapStyles(files, stylesPart(files));
  const bySheet = new Map<number, CellWrite[]>();
  for (const w of writes) bySheet.set(w.sheetIndex, [...(bySheet.get(w.sheetIndex) ?? []), w]);
  for (const [sheetIndex, sheetWrites] of bySheet) {
    const part = parts[sheetIndex];
    if (!part || !files[part])
      throw new SourceFormatError('The workbook no longer has the sheet these answers belong to.');
    const doc = new DOMParser().parseFromString(strFromU8(files[part]), 'text/xml');
    const sheetData = doc.getElementsByTagNameNS(MAIN_NS, 'sheetData')[0];
    if (!sheetData) throw new SourceFormatError('A sheet of this workbook could not be written.');
    for (const w of sheetWrites) writeCell(sheetData, w.rowNumber, w.columnNumber, w.value, styles);
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

function writeCsv(original: Uint8Array, writes: CellWrite[]): Uint8Array {
  const layout = parseCsv(original);
  // What the product writes is neutralised; the customer's own cells stay as they were.
  const text = writeCsvCells(
    layout,
    writes.map((w) => ({ rowNumber: w.rowNumber, columnNumber: w.columnNumber, value: neutralise(w.value) })),
  );
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
): Promise<Uint8Array> {
  return format === 'csv' ? writeCsv(original, writes) : writeXlsx(original, writes);
}
