/**
 * The project's questions as a table (the DATA export): CSV (UTF-8 with a BOM so Excel reads it
 * right, CRLF) or XLSX (exceljs: bold frozen header, sensible widths). A value that a spreadsheet
 * would run as a formula (leading =, +, -, @, tab or CR) is neutralised: CSV cells get a leading
 * apostrophe; XLSX cells are written as strings, never formulas.
 */

import { strToU8 } from 'fflate';
import Papa from 'papaparse';
import { DATA_EXPORT_COLUMNS } from '../../../shared/schemas/source';
import { loadExcel } from './excel';
import { neutralise } from './formula';
import type { DataRow } from './types';

export { neutralise };

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

/** A one-sheet workbook: a bold frozen header, then the rows as text (wrapped, top-aligned). */
export async function tableXlsx(
  sheetName: string,
  columns: ReadonlyArray<{ header: string; width: number }>,
  rows: ReadonlyArray<readonly string[]>,
): Promise<Uint8Array> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ header, width }) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow([...row]);
    // Strings stay strings: exceljs writes a plain string value as text, never as a formula.
    added.alignment = { vertical: 'top', wrapText: true };
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
