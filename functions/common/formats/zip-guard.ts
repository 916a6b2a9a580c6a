/**
 * Office files (.xlsx, .docx) are zips. Before any reader inflates one, its central directory is
 * read (fflate's filter sees each entry's declared sizes without inflating it) and the file is
 * refused when it is corrupted, would inflate beyond SOURCE_LIMITS.inflatedBytes or at an absurd
 * ratio (a zip bomb), lacks its main part, or is a macro-enabled workbook renamed .xlsx.
 */
import { unzipSync } from 'fflate';
import { SOURCE_LIMITS, type SourceFormat } from '../../../shared/schemas/source';
import { SourceFormatError } from './types';

const MAIN_PART = { xlsx: 'xl/workbook.xml', docx: 'word/document.xml' } as const;
/** Text XML compresses well, but not a thousand-fold; a bomb does. */
const MAX_RATIO = 1000;
const MIB = 1024 * 1024;

export const REASONS = {
  corrupted:
    'This file is damaged or is not a real Office file. Open it in Excel or Word, save it again and upload it.',
  tooBig: `This file would expand to more than ${SOURCE_LIMITS.inflatedBytes / MIB} MB when opened. We can't import it.`,
  macros:
    'This workbook contains macros (.xlsm). Save it as an .xlsx workbook without macros and upload it again.',
  protectedOrLegacy:
    'This file is password-protected or saved in the older .xls/.doc format. Remove the password or save it as .xlsx/.docx and upload it again.',
  empty: 'This file is empty.',
  binaryCsv:
    'This file is not a text CSV file. Export the sheet as CSV (or upload the .xlsx workbook) and try again.',
  pdf: 'This is a PDF. We can import .xlsx and .csv spreadsheets and .docx Word documents.',
  generic:
    'This file is not a supported format. We can import .xlsx and .csv spreadsheets and .docx Word documents.',
} as const;

const wrongKind = (expect: 'xlsx' | 'docx') =>
  expect === 'xlsx'
    ? 'This file is not an Excel workbook. Save it as .xlsx and upload it again.'
    : 'This file is not a Word document. Save it as .docx and upload it again.';

/** Entry names and declared sizes, read without inflating anything. */
export function zipEntries(bytes: Uint8Array): Array<{ name: string; size: number; originalSize: number }> {
  const entries: Array<{ name: string; size: number; originalSize: number }> = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, size: file.size, originalSize: file.originalSize });
        return false;
      },
    });
  } catch {
    throw new SourceFormatError(REASONS.corrupted);
  }
  return entries;
}

export function checkZip(bytes: Uint8Array, expect: 'xlsx' | 'docx'): void {
  if (bytes.length === 0) throw new SourceFormatError(REASONS.empty);
  const entries = zipEntries(bytes);
  if (entries.length === 0) throw new SourceFormatError(REASONS.corrupted);
  const inflated = entries.reduce((sum, e) => sum + e.originalSize, 0);
  if (inflated > SOURCE_LIMITS.inflatedBytes) throw new SourceFormatError(REASONS.tooBig);
  if (entries.some((e) => e.originalSize > 10 * MIB && e.originalSize > e.size * MAX_RATIO)) {
    throw new SourceFormatError(REASONS.tooBig);
  }
  const names = new Set(entries.map((e) => e.name));
  if (expect === 'xlsx' && [...names].some((n) => /vbaProject\.bin$/i.test(n))) {
    throw new SourceFormatError(REASONS.macros);
  }
  if (!names.has(MAIN_PART[expect])) {
    const other = expect === 'xlsx' ? 'docx' : 'xlsx';
    throw new SourceFormatError(names.has(MAIN_PART[other]) ? wrongKind(expect) : REASONS.corrupted);
  }
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/**
 * Worksheets and cell elements of a workbook, counted on the raw XML before a reader builds its
 * model (exceljs holds everything in memory: a million-cell sheet would take gigabytes).
 */
export function workbookSize(bytes: Uint8Array): { sheets: number; cellElements: number } {
  let sheets = 0;
  let cellElements = 0;
  const files = unzipSync(bytes, { filter: (file) => WORKSHEET.test(file.name) });
  for (const xml of Object.values(files)) {
    sheets++;
    // '<c ' opens a cell element ('<col', '<cfRule' and the like do not match).
    for (let i = 0; i < xml.length - 2; i++) {
      if (xml[i] === 0x3c && xml[i + 1] === 0x63 && (xml[i + 2] === 0x20 || xml[i + 2] === 0x3e))
        cellElements++;
    }
  }
  return { sheets, cellElements };
}

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/**
 * Why bytes the upload check refused are not the claimed format, in words a user can act on (pass
 * the whole file: a zip's directory is at its end).
 */
export function explainUnreadable(head: Uint8Array, format: SourceFormat): string {
  if (head.length === 0) return REASONS.empty;
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return REASONS.protectedOrLegacy;
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return REASONS.pdf;
  if (format === 'csv') return REASONS.binaryCsv;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // A zip, but not the claimed Office file (e.g. an .xlsm, or a .docx named .xlsx).
    try {
      if (zipEntries(head).some((e) => /vbaProject\.bin$/i.test(e.name))) return REASONS.macros;
    } catch {
      return REASONS.corrupted;
    }
    return wrongKind(format);
  }
  return REASONS.generic;
}
