/**
 * Reads a questionnaire spreadsheet into the cells a user sees in Excel.
 *
 * - xlsx (exceljs, after checkZip has measured every part): every sheet in workbook order; numbers and dates formatted with
 *   the cell's number format (ssf, Excel's own format language), formulas as their cached results,
 *   rich text and hyperlinks as their text; merged ranges (text in the top-left cell); hidden rows,
 *   columns and sheets marked.
 * - csv: the encoding found from the bytes (UTF-8 with or without BOM, UTF-16 LE/BE with BOM,
 *   otherwise Windows-1252), the delimiter guessed among comma, semicolon and tab (papaparse), quoted
 *   multi-line cells and CRLF handled.
 */
import type ExcelJS from 'exceljs';
import SSF from 'ssf';
import type { SheetContent } from '../../../shared/schemas/source';
import { SOURCE_LIMITS } from '../../../shared/schemas/values';
import { parseCsv } from './csv';
import { loadExcel } from './excel';
import { type ParsedSheet, type ParsedWorkbook, SourceFormatError, type SpreadsheetFormat } from './types';
import { listValidations, validationXml, type WorkbookNames, workbookNames } from './validations';
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

/** Excel stores dates as days since 1899-12-30; exceljs hands them over as UTC Dates. */
const excelSerial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/**
 * Built-in formats whose display depends on the reader's locale (exceljs names built-in 14 and 22
 * 'mm-dd-yy' and 'm/d/yy h:mm'; Excel shows them as the system's short date): shown unambiguously.
 */
const LOCALE_FORMATS: Record<string, string> = {
  'mm-dd-yy': 'yyyy-mm-dd',
  'm/d/yy h:mm': 'yyyy-mm-dd h:mm',
};

function formatNumber(value: number, numFmt: string | undefined): string {
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

/** The text Excel shows for a cell value. */
export function displayText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date)
    return formatNumber(excelSerial(value), numFmt && numFmt !== 'General' ? numFmt : 'yyyy-mm-dd');
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return String(value.error);
  if ('hyperlink' in value)
    return typeof value.text === 'string' ? value.text : displayText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    if (result === undefined || result === null) return '';
    if (typeof result === 'object' && 'error' in result) return String(result.error);
    return displayText(result as ExcelJS.CellValue, numFmt);
  }
  return '';
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

function parseRange(range: string) {
  const decode = (ref: string) => {
    const match = /^\$?([A-Z]+)\$?(\d+)$/.exec(ref);
    if (!match) return null;
    const column = [...match[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    return { row: Number(match[2]), column };
  };
  const [from, to] = range.split(':').map(decode);
  return from && to
    ? { fromRow: from.row, fromColumn: from.column, toRow: to.row, toColumn: to.column }
    : null;
}

/**
 * Worksheet parts the reader never uses, left unparsed: exceljs expands a data validation's range
 * cell by cell (a whole-sheet validation such as `N1:XFD1048576`, common in older HECVAT
 * workbooks, is 17 billion cells: one such file held a process at 100% for minutes), and the
 * others cost time for nothing. (Write-back copies the file's parts as they are.)
 */
const UNREAD_NODES = [
  'dataValidations',
  'conditionalFormatting',
  'extLst',
  'picture',
  'drawing',
  'pageSetup',
  'headerFooter',
  'printOptions',
  'rowBreaks',
  'tableParts',
];

const XML_ENTITIES = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** An XML text's entities, then OOXML's `_xHHHH_` escapes, decoded (as Excel reads a cell's text). */
export function decodeCellText(xml: string): string {
  return xml
    .replace(/&(#x[0-9A-Fa-f]+|#\d+|[a-z]+);/g, (whole, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return XML_ENTITIES.get(name) ?? whole;
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const CELL_XML = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

/**
 * The plain inline strings of a worksheet's XML by cell (`B7` → text), decoded: exceljs leaves
 * OOXML escapes in inline strings as they are (rich text runs it decodes itself).
 */
export function inlineStrings(sheetXml: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [, attributes, inner] of sheetXml.matchAll(CELL_XML)) {
    if (!inner || !/\bt="inlineStr"/.test(attributes) || /<r[\s>]/.test(inner)) continue;
    const ref = /\br="([A-Z]+\d+)"/.exec(attributes)?.[1];
    const text = /<t\b[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1];
    if (ref && text !== undefined) texts.set(ref, decodeCellText(text));
  }
  return texts;
}

/** For each sheet (workbook order) that needs it, its inline strings decoded (see inlineStrings). */
async function decodedInlineStrings(bytes: Uint8Array, sheetParts: string[], names: WorkbookNames) {
  const wanted = new Set(sheetParts);
  const { parts } = await openZip(bytes, 'xlsx', (name) => wanted.has(name));
  const files = Object.fromEntries(parts);
  const decoder = new TextDecoder();
  return names.sheets.map(({ part }) =>
    sheetParts.includes(part) && files[part] ? inlineStrings(decoder.decode(files[part])) : undefined,
  );
}

async function readXlsx(bytes: Uint8Array): Promise<ParsedWorkbook> {
  // Every part inflated once through the counter (sizes capped), sheets and cells counted; the
  // worksheets and the workbook part kept for the drop-down lists, which exceljs is not given.
  const size = await openZip(bytes, 'xlsx', (name) =>
    /^xl\/(worksheets\/[^/]+\.xml|workbook\.xml|_rels\/workbook\.xml\.rels)$/.test(name),
  );
  // Only the validation elements of each sheet are kept; the rest of its XML is let go at once.
  const names = workbookNames(size.parts);
  const validationParts = new Map(
    names.sheets.map(({ part }) => [part, validationXml(size.parts.get(part) ?? new Uint8Array())]),
  );
  size.parts.clear();
  if (size.sheets > SOURCE_LIMITS.sheets) throw new SourceFormatError(limitReason.sheets(size.sheets));
  // Empty but formatted cells count too, so the raw count may be well above the filled cells.
  if (size.cellElements > SOURCE_LIMITS.cells * 1.5) throw new SourceFormatError(limitReason.cells());
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer,
      { ignoreNodes: UNREAD_NODES },
    );
  } catch {
    throw new SourceFormatError(REASONS.corrupted);
  }
  const worksheets = workbook.worksheets;
  if (worksheets.length > SOURCE_LIMITS.sheets)
    throw new SourceFormatError(limitReason.sheets(worksheets.length));
  const inline = size.inlineEscapes.length
    ? await decodedInlineStrings(bytes, size.inlineEscapes, names)
    : [];
  let cellTotal = 0;
  const sheets = worksheets.map((worksheet, sheetIndex) => {
    const lastRow = worksheet.actualRowCount === 0 ? 0 : worksheet.rowCount;
    if (lastRow > SOURCE_LIMITS.rows) throw new SourceFormatError(limitReason.rows());
    const rows: SheetContent['rows'] = [];
    for (let rowNumber = 1; rowNumber <= lastRow; rowNumber++) {
      const row = worksheet.findRow(rowNumber);
      const cells: string[] = [];
      let boldCells = 0;
      let plainCells = 0;
      row?.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
        if (cell.isMerged && cell.master !== cell) return;
        if (columnNumber > SOURCE_LIMITS.columns) throw new SourceFormatError(limitReason.columns());
        const text = clip(
          (inline[sheetIndex]?.get(cell.address) ?? displayText(cell.value, cell.numFmt)).trim(),
        );
        if (text) {
          if (++cellTotal > SOURCE_LIMITS.cells) throw new SourceFormatError(limitReason.cells());
          while (cells.length < columnNumber - 1) cells.push('');
          cells[columnNumber - 1] = text;
          if (cell.font?.bold) boldCells++;
          else plainCells++;
        }
      });
      rows.push({
        rowNumber,
        ...(row?.hidden ? { hidden: true } : {}),
        ...(boldCells > 0 && plainCells === 0 ? { bold: true } : {}),
        cells: trimEnd(cells.map((c) => c ?? '')),
      });
    }
    while (rows.length > 0 && rows[rows.length - 1].cells.length === 0) rows.pop();
    const columns: SheetContent['columns'] = [];
    const widest = rows.reduce((max, r) => Math.max(max, r.cells.length), 0);
    for (let columnNumber = 1; columnNumber <= Math.min(widest, SOURCE_LIMITS.columns); columnNumber++) {
      const column = worksheet.getColumn(columnNumber);
      columns.push({
        columnNumber,
        ...(column.hidden ? { hidden: true } : {}),
        ...(column.width ? { width: column.width } : {}),
      });
    }
    const mergeRanges = Object.values((worksheet.model as { merges?: string[] }).merges ?? []);
    const merges = mergeRanges.map((range) => parseRange(range)).filter((m) => m !== null);
    return sheetOf(sheetIndex, worksheet.name, worksheet.state !== 'visible', rows, columns, merges);
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
