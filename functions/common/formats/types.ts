/**
 * What the file formats give the sources group, and take from it. Readers turn the customer's
 * bytes into what the configuration screens show; writers put answers back into a copy of the
 * original bytes. Nothing here touches the table or storage: every function is bytes in, data out.
 *
 * - spreadsheet.ts  readSpreadsheet (xlsx with exceljs, csv with encoding and delimiter detection)
 * - zip-guard.ts    checks a zip (xlsx, docx) before anything inflates it
 * - document.ts     readDocument (docx; sanitised HTML with data-node-id, numbering, headings)
 * - detect.ts       detectSheetLayout, detectDocumentQuestions
 * - write-spreadsheet.ts / write-document.ts   the answered questionnaire in its own format
 * - data-export.ts  the project's questions as CSV or XLSX
 */
import type { DocumentContent, SheetContent, SourceFormat } from '../../../shared/schemas/source';

/**
 * A file that cannot be imported or written, with the reason in words a user can act on (it is
 * shown on the source as its failureReason). Anything else a reader throws is a defect.
 */
export class SourceFormatError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SourceFormatError';
  }
}

export interface ParsedSheet {
  /** 0-based position in the workbook (a CSV is one sheet, index 0); sheet ids derive from it. */
  sheetIndex: number;
  sheetName: string;
  hidden: boolean;
  columnCount: number;
  rowCount: number;
  content: SheetContent;
}

export interface ParsedWorkbook {
  sheets: ParsedSheet[];
}

export type SpreadsheetFormat = Exclude<SourceFormat, 'docx'>;

/** One answer or compliance text to write into a cell (1-based row and column, as in SheetContent). */
export interface CellWrite {
  sheetIndex: number;
  rowNumber: number;
  columnNumber: number;
  value: string;
  /** The question the text is of (to report a cell that cannot be written). */
  questionId?: string;
}

/**
 * One text to write into a document. CELL: into the table cell nodeId (its text replaced). AFTER:
 * into the paragraph nodeId when it is an answer place (empty, a label alone, boxes to tick), else
 * as a new paragraph right after the paragraph or cell nodeId, in its style (write-document.ts).
 */
export interface NodeWrite {
  nodeId: string;
  mode: 'CELL' | 'AFTER';
  value: string;
}

export type ParsedDocument = DocumentContent;

/** One row of the DATA export (DATA_EXPORT_COLUMNS, in order). */
export type DataRow = readonly string[];
