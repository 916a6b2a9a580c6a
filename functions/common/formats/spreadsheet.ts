/**
 * Reads a questionnaire spreadsheet into the cells a user sees in Excel.
 *
 * - xlsx (xlsx-cells.ts, after the zip guard has measured every part): every sheet in workbook order; numbers and dates formatted with
 *   the cell's number format (ssf, Excel's own format language), formulas as their cached results,
 *   rich text and hyperlinks as their text; merged ranges (text in the top-left cell); hidden rows,
 *   columns and sheets marked.
 * - csv: the encoding found from the bytes (UTF-8 with or without BOM, UTF-16 LE/BE with BOM,
 *   otherwise Windows-1252), the delimiter guessed among comma, semicolon and tab (papaparse), quoted
 *   multi-line cells and CRLF handled.
 */
import SSF from 'ssf';
import type { SheetContent } from '../../../shared/schemas/source';
import { SOURCE_LIMITS } from '../../../shared/schemas/values';
import { parseCsv } from './csv';
import { type ParsedSheet, type ParsedWorkbook, SourceFormatError, type SpreadsheetFormat } from './types';
import { listValidations, validationXml, type WorkbookNames, workbookNames } from './validations';
import {
  decodeCellRef,
  readSharedStrings,
  readStyles,
  readWorksheet,
  type XlsxColumnRange,
  type XlsxSheet,
  type XlsxStyles,
  type XlsxValue,
} from './xlsx-cells';
import { openZip, REASONS } from './zip-guard';

export { type CsvEncoding, type CsvLayout, decodeCsv, parseCsv } from './csv';

const limitReason = {
  sheets: (n: number) => `This workbook has ${n} sheets. We can import up to ${SOURCE_LIMITS.sheets}.`,
  cells: () =>
    `This file has more than ${SOURCE_LIMITS.cells.toLocaleString('en')} filled cells. Split it into smaller files and upload them one by one.`,
  rows: () =>
    `A sheet of this file has more than ${SOURCE_LIMITS.rows.toLocaleString('en')} rows. Split it and upload the parts.`,
  columns: () =>
    `A sheet of this file has more than ${SOURCE_LIMITS.columns} columns. We can import up to ${SOURCE_LIMITS.columns}.`,
};

const clip = (text: string) =>
  text.length > SOURCE_LIMITS.cellText ? text.slice(0, SOURCE_LIMITS.cellText) : text;

const DAY_MS = 86_400_000;

/**
 * A date cell's serial as the reader shows it: counted from 1899-12-30 (a 1904 workbook's serial
 * moved by the 1,462 days between its epochs), to the millisecond.
 */
const dateSerial = (serial: number, date1904: boolean) =>
  Math.round((serial - 25_569 + (date1904 ? 1_462 : 0)) * DAY_MS) / DAY_MS + 25_569;

/** A number format of elapsed time: hours, minutes or seconds in brackets (`[h]:mm:ss`). */
const ELAPSED = /\[(h+|m+|s+)\]/i;

/** Whether a number format shows a date or a time (its text in quotes and brackets aside). */
export const isDateFormat = (format: string | undefined) =>
  !!format && /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/**
 * Built-in formats whose display depends on the reader's locale (14 and 22, Excel's short date
 * and short date and time): shown unambiguously.
 */
const LOCALE_FORMATS: Record<string, string> = {
  'mm-dd-yy': 'yyyy-mm-dd',
  'm/d/yy h:mm': 'yyyy-mm-dd h:mm',
};

function formatNumber(value: number, numFmt: string | undefined): string {
  if (Number.isNaN(value)) return '';
  if (!numFmt || numFmt === 'General') {
    // General widens with its column: whole numbers up to 15 digits (IDs, phone numbers) show in full.
    if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
    return SSF.format('General', value);
  }
  numFmt = LOCALE_FORMATS[numFmt] ?? numFmt;
  try {
    return SSF.format(numFmt, value);
  } catch {
    return String(value);
  }
}

/** The text Excel shows for a cell's stored value in a number format. */
export function displayText(value: XlsxValue, numFmt: string | undefined, date1904 = false): string {
  switch (value.kind) {
    case 'text':
    case 'error':
      return value.text;
    case 'boolean':
      return value.value ? 'TRUE' : 'FALSE';
    case 'none':
      return '';
    case 'number':
      // To the millisecond, as a date is; an elapsed time ([h]:mm) is a duration, the same in either date system.
      return isDateFormat(numFmt)
        ? formatNumber(dateSerial(value.value, date1904 && !ELAPSED.test(numFmt ?? '')), numFmt)
        : formatNumber(value.value, numFmt);
    case 'date': {
      const time = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value.iso) ? value.iso : `${value.iso}Z`);
      if (Number.isNaN(time)) return value.iso;
      return formatNumber(time / DAY_MS + 25_569, isDateFormat(numFmt) ? numFmt : 'yyyy-mm-dd');
    }
  }
}

const trimEnd = (cells: string[]) => {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
};

function sheetOf(
  sheetIndex: number,
  sheetName: string,
  hidden: boolean,
  rows: SheetContent['rows'],
  columns: SheetContent['columns'],
  merges: SheetContent['merges'],
): ParsedSheet {
  const columnCount = rows.reduce((max, r) => Math.max(max, r.cells.length), 0);
  if (columnCount > SOURCE_LIMITS.columns) throw new SourceFormatError(limitReason.columns());
  const rowCount = rows.length;
  return {
    sheetIndex,
    sheetName,
    hidden,
    columnCount,
    rowCount,
    content: { columns: columns.filter((c) => c.columnNumber <= columnCount), rows, merges },
  };
}

type Range = SheetContent['merges'][number];

/** `A1:E1` (ends in any order, `$` allowed; one cell alone is a range of one) → a range, or null. */
function parseRange(ref: string): Range | null {
  const [from, to = from] = ref.split(':').map(decodeCellRef);
  if (!from || !to) return null;
  return {
    fromRow: Math.min(from.row, to.row),
    fromColumn: Math.min(from.column, to.column),
    toRow: Math.max(from.row, to.row),
    toColumn: Math.max(from.column, to.column),
  };
}

/** Each range once, by its top-left cell, first listed first (the cell a merge keeps). */
function mergeRanges(refs: string[]): Range[] {
  const byMaster = new Map<string, Range>();
  for (const range of refs.map(parseRange)) {
    const key = range && `${range.fromRow}:${range.fromColumn}`;
    if (range && key && !byMaster.has(key)) byMaster.set(key, range);
  }
  return [...byMaster.values()];
}

/** Whether a cell is covered by a merged range without being its top-left cell (Excel hides its value). */
function mergedAway(merges: Range[], rowNumbers: Iterable<number>) {
  const rows = new Set(rowNumbers);
  const byRow = new Map<number, Range[]>();
  const add = (row: number, range: Range) => {
    const list = byRow.get(row);
    if (list) list.push(range);
    else byRow.set(row, [range]);
  };
  for (const range of merges) {
    if (range.toRow - range.fromRow < rows.size) {
      for (let row = range.fromRow; row <= range.toRow; row++) if (rows.has(row)) add(row, range);
    } else {
      for (const row of rows) if (row >= range.fromRow && row <= range.toRow) add(row, range);
    }
  }
  return (row: number, column: number) =>
    byRow
      .get(row)
      ?.some(
        (r) =>
          column >= r.fromColumn && column <= r.toColumn && (row !== r.fromRow || column !== r.fromColumn),
      ) ?? false;
}

/** Column widths and hidden flags for columns 1…count, `<col>` ranges taken in order of their first column. */
function columnsOf(ranges: XlsxColumnRange[], count: number): SheetContent['columns'] {
  const defined = new Map<number, XlsxColumnRange>();
  let next = 1;
  for (const range of [...ranges].sort((a, b) => a.min - b.min)) {
    if (next > count) break;
    next = Math.max(next, range.min);
    for (; next <= range.max && next <= count; next++) defined.set(next, range);
  }
  return Array.from({ length: count }, (_, i) => {
    const range = defined.get(i + 1);
    // A column listed without a width has Excel's default width (9 characters).
    const width = range ? (range.width ?? 9) : undefined;
    return { columnNumber: i + 1, ...(range?.hidden ? { hidden: true } : {}), ...(width ? { width } : {}) };
  });
}

/**
 * The parts the reader may use: the workbook, its relationships, worksheets, and the strings and
 * styles wherever the relationships put them; never drawings, charts, pivot caches and the like.
 */
const READ_PARTS =
  /^xl\/(?!(drawings|charts|chartsheets|pivotCache|pivotTables|media|theme|externalLinks|tables|queryTables|ctrlProps|customXml|slicers|slicerCaches|timelines|printerSettings|activeX|embeddings|richData|model)\/).*(\.xml|\.rels)$/i;

async function readXlsx(bytes: Uint8Array): Promise<ParsedWorkbook> {
  // Every part inflated once through the counter (sizes capped), sheets and cells counted, before
  // any XML is parsed.
  const zip = await openZip(bytes, 'xlsx', (name) => READ_PARTS.test(name));
  if (zip.sheets > SOURCE_LIMITS.sheets) throw new SourceFormatError(limitReason.sheets(zip.sheets));
  // Empty but formatted cells count too, so the raw count may be well above the filled cells.
  if (zip.cellElements > SOURCE_LIMITS.cells * 1.5) throw new SourceFormatError(limitReason.cells());
  const decoder = new TextDecoder();
  const text = (part: string) => {
    const data = zip.parts.get(part);
    return data ? decoder.decode(data) : undefined;
  };
  const corrupted = () => new SourceFormatError(REASONS.corrupted);
  let names: WorkbookNames;
  let strings: string[];
  let styles: XlsxStyles;
  try {
    names = workbookNames(zip.parts);
    strings = readSharedStrings(text(names.sharedStrings));
    styles = readStyles(text(names.styles));
  } catch {
    throw corrupted();
  }
  const worksheets = names.sheets.filter(
    ({ part }) => /^xl\/worksheets\//i.test(part) && zip.parts.has(part),
  );
  if (worksheets.length > SOURCE_LIMITS.sheets)
    throw new SourceFormatError(limitReason.sheets(worksheets.length));
  // Only the validation elements of each sheet are kept for the drop-down lists.
  const validationParts = new Map<string, string>();
  let cellTotal = 0;
  const sheets = worksheets.map(({ name, part, hidden }, sheetIndex) => {
    let sheet: XlsxSheet;
    try {
      const data = zip.parts.get(part) ?? new Uint8Array();
      validationParts.set(part, validationXml(data));
      sheet = readWorksheet(decoder.decode(data), strings);
    } catch {
      throw corrupted();
    }
    zip.parts.delete(part);
    if (sheet.rows.size > 0 && sheet.lastRow > SOURCE_LIMITS.rows)
      throw new SourceFormatError(limitReason.rows());
    const merges = mergeRanges(sheet.merges);
    const hiddenByMerge = mergedAway(merges, sheet.rows.keys());
    const rows: SheetContent['rows'] = [];
    let lastRow = 0;
    for (const rowNumber of sheet.rows.keys()) lastRow = Math.max(lastRow, rowNumber);
    for (let rowNumber = 1; rowNumber <= lastRow; rowNumber++) {
      const cells: string[] = [];
      let boldCells = 0;
      let plainCells = 0;
      for (const cell of sheet.rows.get(rowNumber) ?? []) {
        if (hiddenByMerge(rowNumber, cell.column)) continue;
        if (cell.column > SOURCE_LIMITS.columns) throw new SourceFormatError(limitReason.columns());
        const shown = clip(displayText(cell.value, styles.numFmt(cell.styleId), names.date1904).trim());
        if (!shown) continue;
        if (++cellTotal > SOURCE_LIMITS.cells) throw new SourceFormatError(limitReason.cells());
        while (cells.length < cell.column - 1) cells.push('');
        cells[cell.column - 1] = shown;
        if (styles.bold(cell.styleId)) boldCells++;
        else plainCells++;
      }
      rows.push({
        rowNumber,
        ...(sheet.hiddenRows.has(rowNumber) ? { hidden: true } : {}),
        ...(boldCells > 0 && plainCells === 0 ? { bold: true } : {}),
        cells: trimEnd(cells.map((c) => c ?? '')),
      });
    }
    while (rows.length > 0 && rows[rows.length - 1].cells.length === 0) rows.pop();
    const widest = rows.reduce((max, r) => Math.max(max, r.cells.length), 0);
    const columns = columnsOf(sheet.columns, Math.min(widest, SOURCE_LIMITS.columns));
    return sheetOf(sheetIndex, name, hidden, rows, columns, merges);
  });
  if (cellTotal === 0) throw new SourceFormatError(REASONS.empty);
  addValidations(sheets, names, validationParts);
  return { sheets };
}

/** Each sheet's drop-down lists, read from its XML (ranges and values, never cell by cell). */
function addValidations(sheets: ParsedSheet[], names: WorkbookNames, parts: Map<string, string>) {
  const byName = new Map(sheets.map((s) => [s.sheetName.toLowerCase(), s]));
  for (const [index, { name, part }] of names.sheets.entries()) {
    const sheet = byName.get(name.toLowerCase());
    const xml = parts.get(part);
    if (!sheet || !xml) continue;
    const validations = listValidations(xml, index, names, (sheetName) =>
      sheetName === null ? sheet.content : byName.get(sheetName.toLowerCase())?.content,
    );
    if (validations.length) sheet.content.validations = validations;
  }
}

function readCsv(bytes: Uint8Array): ParsedWorkbook {
  const { rows } = parseCsv(bytes);
  if (rows.length > SOURCE_LIMITS.rows) throw new SourceFormatError(limitReason.rows());
  let cellTotal = 0;
  const content: SheetContent['rows'] = rows.map((cells, index) => {
    const trimmed = trimEnd(cells.map((c) => clip(c.trim())));
    cellTotal += trimmed.filter(Boolean).length;
    return { rowNumber: index + 1, cells: trimmed };
  });
  if (cellTotal > SOURCE_LIMITS.cells) throw new SourceFormatError(limitReason.cells());
  while (content.length > 0 && content[content.length - 1].cells.length === 0) content.pop();
  if (cellTotal === 0) throw new SourceFormatError(REASONS.empty);
  const widest = content.reduce((max, r) => Math.max(max, r.cells.length), 0);
  const columns = Array.from({ length: Math.min(widest, SOURCE_LIMITS.columns + 1) }, (_, i) => ({
    columnNumber: i + 1,
  }));
  return { sheets: [sheetOf(0, 'Sheet1', false, content, columns, [])] };
}

export async function readSpreadsheet(bytes: Uint8Array, format: SpreadsheetFormat): Promise<ParsedWorkbook> {
  return format === 'csv' ? readCsv(bytes) : readXlsx(bytes);
}
