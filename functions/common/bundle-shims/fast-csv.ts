/**
 * What Lambda bundles use in place of `fast-csv` (an esbuild alias in lib/bundling.ts). exceljs's
 * Workbook loads it for `workbook.csv.read` and `workbook.csv.write` only; the functions read and
 * write CSV themselves (functions/common/formats/csv.ts, papaparse) and use exceljs for xlsx alone
 * (`workbook.xlsx.load`), so neither ever runs in a bundle. fast-csv's parser and formatter are about
 * 55 kB minified with their lodash helpers. Both throw, should a bundle ever reach them.
 */
const unavailable = (what: string) => () => {
  throw new Error(`fast-csv's ${what} is not in this bundle (exceljs is used for xlsx only)`);
};

export const parse = unavailable('parse');
export const format = unavailable('format');

export default { parse, format };
