/** exceljs/lib/doc/workbook.js (excel.ts): the `Workbook` class of exceljs's entry point, its module.exports. */
declare module 'exceljs/lib/doc/workbook.js' {
  import type { Workbook } from 'exceljs';

  const WorkbookClass: typeof Workbook;
  export default WorkbookClass;
}
