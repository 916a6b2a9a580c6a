/**
 * The xlsx reader (functions/common/formats/xlsx-cells.ts) reads what exceljs read: workbooks
 * written by exceljs, with random sheets, texts, numbers in many formats, dates, booleans,
 * formulas, rich text, links, bold cells, hidden rows and columns, widths and merged ranges, read by
 * both and compared (property). The oracle is the reader as it was with exceljs, kept here.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import SSF from 'ssf';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../../../functions/common/formats/spreadsheet';

// ——— The oracle: the exceljs reader as it was ———

const LOCALE_FORMATS: Record<string, string> = { 'mm-dd-yy': 'yyyy-mm-dd', 'm/d/yy h:mm': 'yyyy-mm-dd h:mm' };

function formatNumber(value: number, numFmt: string | undefined): string {
  if (!numFmt || numFmt === 'General') {
    if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
    return SSF.format('General', value);
  }
  const format = LOCALE_FORMATS[numFmt] ?? numFmt;
  try {
    return SSF.format(format, value);
  } catch {
    return String(value);
  }
}

function displayText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date)
    return formatNumber(
      value.getTime() / 86_400_000 + 25_569,
      numFmt && numFmt !== 'General' ? numFmt : 'yyyy-mm-dd',
    );
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return String(value.error);
  if ('hyperlink' in value)
    return typeof value.text === 'string' ? value.text : displayText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    if (result === undefined || result === null) return '';
    if (typeof result === 'object' && 'error' in result) return String(result.error);
    return displayText(result as ExcelJS.CellValue, numFmt);
  }
  return '';
}

async function readWithExcelJs(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook.worksheets.map((worksheet) => {
    const lastRow = worksheet.actualRowCount === 0 ? 0 : worksheet.rowCount;
    const rows: Array<{ rowNumber: number; hidden?: true; bold?: true; cells: string[] }> = [];
    for (let rowNumber = 1; rowNumber <= lastRow; rowNumber++) {
      const row = worksheet.findRow(rowNumber);
      const cells: string[] = [];
      let bold = 0;
      let plain = 0;
      row?.eachCell({ includeEmpty: false }, (cell, column) => {
        if (cell.isMerged && cell.master !== cell) return;
        const text = displayText(cell.value, cell.numFmt).trim();
        if (!text) return;
        while (cells.length < column - 1) cells.push('');
        cells[column - 1] = text;
        if (cell.font?.bold) bold++;
        else plain++;
      });
      let end = cells.length;
      while (end > 0 && !cells[end - 1]) end--;
      rows.push({
        rowNumber,
        ...(row?.hidden ? { hidden: true as const } : {}),
        ...(bold > 0 && plain === 0 ? { bold: true as const } : {}),
        cells: cells.slice(0, end).map((c) => c ?? ''),
      });
    }
    while (rows.length > 0 && rows[rows.length - 1].cells.length === 0) rows.pop();
    const widest = rows.reduce((max, r) => Math.max(max, r.cells.length), 0);
    const columns = Array.from({ length: widest }, (_, i) => {
      const column = worksheet.getColumn(i + 1);
      return {
        columnNumber: i + 1,
        ...(column.hidden ? { hidden: true } : {}),
        ...(column.width ? { width: column.width } : {}),
      };
    });
    const merges = Object.values((worksheet.model as { merges?: string[] }).merges ?? []).map((range) => {
      const [from, to] = range.split(':').map((ref) => {
        const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(ref) ?? [];
        return {
          row: Number(digits),
          column: [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0),
        };
      });
      return { fromRow: from.row, fromColumn: from.column, toRow: to.row, toColumn: to.column };
    });
    return { sheetName: worksheet.name, hidden: worksheet.state !== 'visible', rows, columns, merges };
  });
}

// ——— Random workbooks ———

const NUMBER_FORMATS = [
  'General',
  '0',
  '0.00',
  '#,##0',
  '#,##0.00',
  '0%',
  '0.00%',
  '0.00E+00',
  '# ?/?',
  '$#,##0.00',
  '"£"#,##0.00;[Red]-"£"#,##0.00',
  '[>=100]"big";"small"',
  '@',
];
/** Date and time formats, for serials Excel can show as dates (1900-01-01 to 9999-12-31). */
const DATE_FORMATS = [
  'mm-dd-yy',
  'yyyy-mm-dd',
  'd-mmm-yy',
  'dd/mm/yyyy hh:mm',
  'h:mm AM/PM',
  'h:mm:ss',
  '[h]:mm:ss',
  'mmm yyyy',
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'Do you encrypt data at rest?',
    'Yes & no <maybe> "quoted"',
    '  padded answer  ',
    'Line one\nLine two',
    'Ünïcödé — 日本語 — emoji 🔐',
    'N/A',
  ),
);

const value: fc.Arbitrary<{ value: ExcelJS.CellValue; numFmt?: string }> = fc.oneof(
  text.map((v) => ({ value: v })),
  fc
    .record({ n: fc.double({ min: -1e7, max: 1e7, noNaN: true }), f: fc.constantFrom(...NUMBER_FORMATS) })
    .map(({ n, f }) => ({ value: n, numFmt: f })),
  fc
    .record({
      n: fc.integer({ min: 1, max: 2_958_464 }),
      frac: fc.integer({ min: 0, max: 86_399 }),
      f: fc.constantFrom(...DATE_FORMATS, ...NUMBER_FORMATS),
    })
    .map(({ n, frac, f }) => ({ value: n + frac / 86_400, numFmt: f })),
  fc.boolean().map((v) => ({ value: v })),
  fc
    .date({ min: new Date(Date.UTC(1950, 0, 1)), max: new Date(Date.UTC(2080, 0, 1)), noInvalidDate: true })
    .map((d) => ({ value: new Date(Math.round(d.getTime() / 1000) * 1000) })),
  fc
    .record({
      result: fc.integer({ min: 1, max: 2_958_464 }),
      f: fc.constantFrom('General', '0.00', 'yyyy-mm-dd'),
    })
    .map(({ result, f }) => ({ value: { formula: 'A1+1', result } as ExcelJS.CellValue, numFmt: f })),
  // Text results in General: exceljs read a text result under a date format as an invalid date.
  text.map((result) => ({ value: { formula: 'A1&""', result } as ExcelJS.CellValue })),
  fc.array(text, { minLength: 1, maxLength: 3 }).map((runs) => ({
    value: { richText: runs.map((t, i) => ({ text: t, font: { bold: i % 2 === 0 } })) },
  })),
  text.map((t) => ({ value: { text: t, hyperlink: 'https://example.com/trust' } })),
);

const cell = fc.record({
  at: fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 7 })),
  content: value,
  bold: fc.boolean(),
});
const sheet = fc.record({
  cells: fc.array(cell, { maxLength: 30 }),
  hiddenRows: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
  columns: fc.array(
    fc.record({
      column: fc.integer({ min: 1, max: 7 }),
      width: fc.option(fc.integer({ min: 3, max: 80 })),
      hidden: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  /** Merged ranges, kept only when they overlap none before them. */
  merges: fc.array(
    fc.tuple(
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 7 }),
      fc.integer({ min: 0, max: 2 }),
      fc.integer({ min: 0, max: 2 }),
    ),
    { maxLength: 3 },
  ),
  hidden: fc.boolean(),
});

type SheetSpec = typeof sheet extends fc.Arbitrary<infer S> ? S : never;

async function write(sheets: SheetSpec[]) {
  const workbook = new ExcelJS.Workbook();
  sheets.forEach((s, index) => {
    const worksheet = workbook.addWorksheet(`Sheet ${index + 1}`, {
      state: index > 0 && s.hidden ? 'hidden' : 'visible',
    });
    for (const { column, width, hidden } of s.columns) {
      const c = worksheet.getColumn(column);
      if (width !== null) c.width = width;
      c.hidden = hidden;
    }
    for (const { at, content, bold } of s.cells) {
      const target = worksheet.getCell(at[0], at[1]);
      target.value = content.value;
      // Each value with its own format (a later value in the same cell does not keep the last one's).
      target.numFmt = content.numFmt ?? 'General';
      if (bold) target.font = { bold: true };
    }
    for (const row of s.hiddenRows) worksheet.getRow(row).hidden = true;
    const taken = new Set<string>();
    for (const [row, column, down, across] of s.merges) {
      const area: string[] = [];
      for (let r = row; r <= row + down; r++)
        for (let c = column; c <= column + across; c++) area.push(`${r}:${c}`);
      if (area.length < 2 || area.some((a) => taken.has(a))) continue;
      for (const a of area) taken.add(a);
      worksheet.mergeCells(row, column, row + down, column + across);
    }
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('the xlsx reader against the exceljs reader it replaced', () => {
  it('reads every random workbook exceljs writes as the exceljs reader did (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sheet, { minLength: 1, maxLength: 3 }), async (sheets) => {
        // Prepare
        const bytes = await write(sheets);
        const expected = await readWithExcelJs(bytes);
        fc.pre(expected.some((s) => s.rows.length > 0));

        // Act
        const { sheets: read } = await readSpreadsheet(bytes, 'xlsx');

        // Assess
        expect(
          read.map((s) => ({
            sheetName: s.sheetName,
            hidden: s.hidden,
            rows: s.content.rows,
            columns: s.content.columns,
            merges: s.content.merges,
          })),
        ).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('the xlsx reader on damaged XML', () => {
  it('reads a workbook whose parts were cut or scrambled, or refuses it with a reason, never anything else (property)', async () => {
    // Prepare: a real questionnaire workbook, unzipped once.
    const { unzipSync, zipSync, strFromU8, strToU8 } = await import('fflate');
    const { buildQuestionnaireXlsx } = await import('../../../scripts/fixtures/workbooks');
    const { SourceFormatError } = await import('../../../functions/common/formats/types');
    const parts = unzipSync((await buildQuestionnaireXlsx({ questions: 12 })).bytes);
    const names = ['xl/worksheets/sheet2.xml', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/workbook.xml'];
    expect(names.every((name) => parts[name])).toBe(true);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.array(
          fc.record({
            at: fc.double({ min: 0, max: 1, noNaN: true }),
            cut: fc.integer({ min: 0, max: 40 }),
            insert: fc.oneof(
              fc.string({ maxLength: 12 }),
              fc.constantFrom(
                '<',
                '>',
                '&',
                '"',
                '<c r="ZZZ9999999">',
                '<v>',
                '</row>',
                '<!DOCTYPE x [<!ENTITY a "aaaa">]>',
                '&a;',
                ']]>',
                '<![CDATA[',
              ),
            ),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (name, edits) => {
          let xml = strFromU8(parts[name]);
          for (const { at, cut, insert } of edits) {
            const i = Math.floor(at * xml.length);
            xml = xml.slice(0, i) + insert + xml.slice(i + cut);
          }
          const bytes = zipSync({ ...parts, [name]: strToU8(xml) });

          // Act
          let outcome: unknown;
          try {
            outcome = await readSpreadsheet(bytes, 'xlsx');
          } catch (error) {
            outcome = error;
          }

          // Assess
          if (outcome instanceof Error) expect(outcome).toBeInstanceOf(SourceFormatError);
          else expect(Array.isArray((outcome as { sheets: unknown[] }).sheets)).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
