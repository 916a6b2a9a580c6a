/**
 * exceljs, loaded when a workbook is first read or written rather than when a function starts:
 * evaluating it takes about a quarter of a second, which every cold start of a function that only
 * might touch a spreadsheet (the library, sources, quizzes) would otherwise pay.
 */
export const loadExcel = async () => (await import('exceljs')).default;
