/**
 * exceljs's Workbook, loaded when a workbook is first read rather than when a function starts:
 * evaluating it takes about a quarter of a second, which every cold start of a function that only
 * might touch a spreadsheet would otherwise pay.
 *
 * The Workbook module itself, not the package's entry point: the entry also loads exceljs's
 * streaming reader and writer (unzipper and archiver, with bluebird, fstream, glob, lazystream and
 * the rest, about 450 kB minified), which `workbook.xlsx.load` never uses (it reads a buffer with
 * JSZip). The class is the same one the entry point exports as `Workbook`.
 */
export const loadExcel = async () => ({
  Workbook: (await import('exceljs/lib/doc/workbook.js')).default,
});
