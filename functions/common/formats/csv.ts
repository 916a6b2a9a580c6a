/**
 * CSV, read (the spreadsheet reader) and written back (write-spreadsheet.ts): the encoding found from
 * the bytes (UTF-8 with or without BOM, UTF-16 LE/BE with BOM, otherwise Windows-1252) and the grid
 * with how it was written (delimiter guessed among comma, semicolon and tab by papaparse, line
 * endings). Apart from spreadsheet.ts, so that writing a CSV back does not bundle the xlsx reader's
 * number formatting (ssf).
 */
import Papa from 'papaparse';
import { SourceFormatError } from './types';
import { decodeWindows1252 } from './windows-1252';
import { REASONS } from './zip-guard';

/** The text of a CSV file, from its bytes: BOMs first, then strict UTF-8, else Windows-1252. */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const starts = (...b: number[]) => b.every((x, i) => bytes[i] === x);
  let decoded: { text: string; encoding: CsvEncoding };
  if (starts(0xef, 0xbb, 0xbf))
    decoded = { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  else if (starts(0xff, 0xfe))
    decoded = { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  else if (starts(0xfe, 0xff))
    decoded = { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  else {
    try {
      decoded = { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
    } catch {
      decoded = { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
    }
  }
  // Text has no NULs and few control characters; binary data claiming to be CSV has many.
  const sample = decoded.text.slice(0, 64 * 1024);
  let controls = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if (code === 0) throw new SourceFormatError(REASONS.binaryCsv);
    if (code < 9 || (code > 13 && code < 32)) controls++;
  }
  if (controls > sample.length / 100) throw new SourceFormatError(REASONS.binaryCsv);
  return decoded;
}

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface CsvLayout {
  encoding: CsvEncoding;
  delimiter: string;
  newline: string;
  rows: string[][];
  /** Each row as written in the file, its line ending included (write-back keeps the rest as is). */
  lines: string[];
}

/** The CSV's grid with how it was written (write-back writes it the same way). */
export function parseCsv(bytes: Uint8Array): CsvLayout {
  if (bytes.length === 0) throw new SourceFormatError(REASONS.empty);
  const { text, encoding } = decodeCsv(bytes);
  const rows: string[][] = [];
  const lines: string[] = [];
  let meta: Papa.ParseMeta | undefined;
  let start = 0;
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
    step: (row) => {
      rows.push(row.data);
      lines.push(text.slice(start, row.meta.cursor));
      start = row.meta.cursor;
      meta = row.meta;
    },
  });
  if (rows.length > 0 && rows[rows.length - 1].length === 1 && rows[rows.length - 1][0] === '') {
    rows.pop();
    // What follows the last line ending (nothing, or stray spaces) stays with the last row.
    const rest = lines.pop() ?? '';
    if (lines.length > 0) lines[lines.length - 1] += rest;
  }
  return {
    encoding,
    delimiter: meta?.delimiter || ',',
    newline: meta?.linebreak || '\r\n',
    rows,
    lines,
  };
}

const LINE_ENDING = /(\r\n|\n|\r)$/;

/** A row's fields as written (quotes and all): its line split at the delimiters outside quotes. */
export function rawFields(line: string, delimiter: string): string[] {
  const body = line.replace(LINE_ENDING, '');
  const fields: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '"') quoted = !quoted;
    else if (!quoted && body.startsWith(delimiter, i)) {
      fields.push(body.slice(start, i));
      start = i + delimiter.length;
      i += delimiter.length - 1;
    }
  }
  fields.push(body.slice(start));
  return fields;
}

/** A field as written: quoted when `quote` says so (the file's style) or its text needs it. */
function written(value: string, delimiter: string, quote: boolean): string {
  const needs = quote || value.includes(delimiter) || /["\r\n]/.test(value) || /^\s|\s$/.test(value);
  return needs ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The CSV's text with `values` written into their cells (row and column numbers from 1): each row
 * written to is rewritten field by field, the others are kept as they were, byte for byte. A field
 * written is quoted as the one it replaces was (or as every field of its row is, in a file that
 * quotes everything), and wherever its text needs quotes.
 */
export function writeCsvCells(
  layout: CsvLayout,
  values: Array<{ rowNumber: number; columnNumber: number; value: string }>,
): string {
  const lines = [...layout.lines];
  const byRow = new Map<number, typeof values>();
  for (const v of values) byRow.set(v.rowNumber, [...(byRow.get(v.rowNumber) ?? []), v]);
  for (const [rowNumber, writes] of [...byRow].sort((a, b) => a[0] - b[0])) {
    while (lines.length < rowNumber) {
      const last = lines.length - 1;
      if (last >= 0 && !LINE_ENDING.test(lines[last])) lines[last] += layout.newline;
      lines.push(layout.newline);
    }
    const line = lines[rowNumber - 1];
    const ending = LINE_ENDING.exec(line)?.[0] ?? '';
    const fields = line.replace(LINE_ENDING, '') === '' ? [] : rawFields(line, layout.delimiter);
    const quoteAll = fields.length > 1 && fields.every((f) => f.startsWith('"'));
    for (const { columnNumber, value } of writes) {
      while (fields.length < columnNumber) fields.push(quoteAll ? '""' : '');
      const wasQuoted = fields[columnNumber - 1].startsWith('"');
      fields[columnNumber - 1] = written(value, layout.delimiter, quoteAll || wasQuoted);
    }
    lines[rowNumber - 1] = fields.join(layout.delimiter) + ending;
  }
  return lines.join('');
}
