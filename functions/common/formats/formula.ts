/**
 * What a spreadsheet would run as a formula when opened: a value starting with =, +, -, @, a tab or
 * a carriage return. Text the product writes into a CSV gets a leading apostrophe instead (XLSX
 * cells are written as strings, never formulas), so an answer cannot become a formula in the
 * customer's spreadsheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutralise = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
