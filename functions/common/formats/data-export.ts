/**
 * The project's questions as a table (the DATA export): CSV (UTF-8 with a BOM so Excel reads it
 * right, CRLF) or XLSX (table-xlsx.ts: bold frozen header, sensible widths). A value that a spreadsheet
 * would run as a formula (leading =, +, -, @, tab or CR) is neutralised: CSV cells get a leading
 * apostrophe; XLSX cells are written as strings, never formulas.
 */

import { strToU8 } from 'fflate';
import Papa from 'papaparse';
import { DATA_EXPORT_COLUMNS } from '../../../shared/schemas/source';
import { neutralise } from './formula';
import { tableXlsx } from './table-xlsx';
import type { DataRow } from './types';

export { neutralise, tableXlsx };

const WIDTHS: Record<(typeof DATA_EXPORT_COLUMNS)[number], number> = {
  'Reference Number': 14,
  Section: 22,
  Question: 60,
  Answer: 60,
  Compliance: 18,
  Status: 14,
  'Assigned To': 20,
  Information: 40,
  Source: 28,
};

export async function dataExport(rows: readonly DataRow[], format: 'csv' | 'xlsx'): Promise<Uint8Array> {
  if (format === 'csv') {
    const text = Papa.unparse([[...DATA_EXPORT_COLUMNS], ...rows.map((r) => r.map(neutralise))], {
      newline: '\r\n',
    });
    return strToU8(`\uFEFF${text}\r\n`);
  }
  return tableXlsx(
    'Questions',
    DATA_EXPORT_COLUMNS.map((header) => ({ header, width: WIDTHS[header] })),
    rows,
  );
}
