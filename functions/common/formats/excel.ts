/**
 * exceljs, loaded when a workbook is first read rather than when a function starts: evaluating it
 * takes about a quarter of a second, which every cold start of a function that only might read a
 * spreadsheet would otherwise pay. Only its Workbook class: the package's entry point also loads the
 * streaming reader and writer (unzipper, bluebird, fstream and more, about 250 kB minified), which
 * nothing here uses.
 */
import type ExcelJS from 'exceljs';

export const loadExcel = async (): Promise<{ Workbook: typeof ExcelJS.Workbook }> => {
  // @ts-expect-error exceljs publishes types for its entry point only; this is its Workbook module.
  const module = (await import('exceljs/lib/doc/workbook.js')) as { default: typeof ExcelJS.Workbook };
  return { Workbook: module.default };
};
