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
}

/** The CSV's grid with how it was written (write-back writes it the same way). */
export function parseCsv(bytes: Uint8Array): CsvLayout {
  if (bytes.length === 0) throw new SourceFormatError(REASONS.empty);
  const { text, encoding } = decodeCsv(bytes);
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false });
  const rows = parsed.data;
  if (rows.length > 0 && rows[rows.length - 1].length === 1 && rows[rows.length - 1][0] === '') rows.pop();
  return {
    encoding,
    delimiter: parsed.meta.delimiter || ',',
    newline: parsed.meta.linebreak || '\r\n',
    rows,
  };
}
