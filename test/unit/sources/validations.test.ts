/**
 * Drop-down lists read from the sheet XML (exceljs never parses them): each kept as its ranges and
 * the values it allows, never expanded to cells.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../../../functions/common/formats/spreadsheet';
import { allowedValuesAt } from '../../../functions/common/formats/validation-lookup';
import { parseRef } from '../../../functions/common/formats/validations';
import {
  extensionListValidation,
  listValidation,
  questionnaireXlsxWith,
  workbookXlsx,
} from '../../../scripts/fixtures/hostile-zips';

const QUESTIONS = [
  ['Question', 'Compliance', 'Answer'],
  ['Do you encrypt customer data at rest?', '', ''],
  ['Do you review access rights every quarter?', '', ''],
];
const LISTS = {
  name: 'Lists',
  hidden: true,
  rows: [['Compliant'], ['Partially compliant'], ['Not applicable']],
};

describe('list validations', () => {
  it('reads an inline list with its ranges', async () => {
    // Prepare
    const bytes = workbookXlsx([
      { name: 'Questions', rows: QUESTIONS, afterSheetData: listValidation('B2:B3 D7') },
    ]);

    // Act
    const { sheets } = await readSpreadsheet(bytes, 'xlsx');

    // Assess
    expect(sheets[0].content.validations).toEqual([
      {
        ranges: [
          { fromRow: 2, fromColumn: 2, toRow: 3, toColumn: 2 },
          { fromRow: 7, fromColumn: 4, toRow: 7, toColumn: 4 },
        ],
        values: ['Yes', 'No', 'N/A'],
      },
    ]);
    expect(allowedValuesAt(sheets[0].content.validations, 3, 2)).toEqual(['Yes', 'No', 'N/A']);
    expect(allowedValuesAt(sheets[0].content.validations, 3, 3)).toBeUndefined();
  });

  it('resolves a list on another, hidden sheet, written in the extension list by newer Excel', async () => {
    // Prepare
    const bytes = workbookXlsx([
      { name: 'Questions', rows: QUESTIONS, afterSheetData: extensionListValidation('B2:B3') },
      LISTS,
    ]);

    // Act
    const { sheets } = await readSpreadsheet(bytes, 'xlsx');

    // Assess
    expect(sheets[1].hidden).toBe(true);
    expect(allowedValuesAt(sheets[0].content.validations, 2, 2)).toEqual([
      'Compliant',
      'Partially compliant',
      'Not applicable',
    ]);
  });

  it('resolves a cross-sheet range and a defined name in a plain validation', async () => {
    // Prepare
    const validations = `<dataValidations count="2"><dataValidation type="list" sqref="B2"><formula1>'Lists'!$A$1:$A$2</formula1></dataValidation><dataValidation type="list" sqref="B3"><formula1>Answers</formula1></dataValidation></dataValidations>`;
    const bytes = workbookXlsx([{ name: 'Questions', rows: QUESTIONS, afterSheetData: validations }, LISTS], {
      Answers: 'Lists!$A$2:$A$3',
    });

    // Act
    const { sheets } = await readSpreadsheet(bytes, 'xlsx');

    // Assess
    const validationsRead = sheets[0].content.validations;
    expect(allowedValuesAt(validationsRead, 2, 2)).toEqual(['Compliant', 'Partially compliant']);
    expect(allowedValuesAt(validationsRead, 3, 2)).toEqual(['Partially compliant', 'Not applicable']);
  });

  it('reads a whole-sheet validation (N1:XFD1048576) at once, as one range', async () => {
    // Prepare
    const bytes = questionnaireXlsxWith(listValidation('N1:XFD1048576'));
    const started = Date.now();

    // Act
    const { sheets } = await readSpreadsheet(bytes, 'xlsx');

    // Assess
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(sheets[0].content.validations).toEqual([
      {
        ranges: [{ fromRow: 1, fromColumn: 14, toRow: 1_048_576, toColumn: 16_384 }],
        values: ['Yes', 'No', 'N/A'],
      },
    ]);
    expect(allowedValuesAt(sheets[0].content.validations, 900_000, 16_000)).toEqual(['Yes', 'No', 'N/A']);
  });

  it('leaves out lists it cannot resolve (a missing sheet, a formula) and non-list validations', async () => {
    // Prepare
    const validations = `<dataValidations count="3"><dataValidation type="list" sqref="B2"><formula1>INDIRECT(A2)</formula1></dataValidation><dataValidation type="whole" sqref="C2"><formula1>1</formula1></dataValidation></dataValidations>`;
    const bytes = workbookXlsx([
      { name: 'Questions', rows: QUESTIONS, afterSheetData: validations + extensionListValidation('B3') },
    ]);

    // Act
    const { sheets } = await readSpreadsheet(bytes, 'xlsx');

    // Assess
    expect(sheets[0].content.validations).toBeUndefined();
  });

  it('joins a column listed cell by cell into one range', async () => {
    // Prepare
    const cells = Array.from({ length: 3000 }, (_, i) => `B${i + 2}`).join(' ');
    const bytes = workbookXlsx([
      { name: 'Questions', rows: QUESTIONS, afterSheetData: listValidation(cells) },
    ]);

    // Act
    const { sheets } = await readSpreadsheet(bytes, 'xlsx');

    // Assess
    expect(sheets[0].content.validations?.[0].ranges).toEqual([
      { fromRow: 2, fromColumn: 2, toRow: 3001, toColumn: 2 },
    ]);
  });

  it('parses cell, column and row references', () => {
    // Act / Assess
    expect(parseRef('$C$4')).toEqual({ fromRow: 4, fromColumn: 3, toRow: 4, toColumn: 3 });
    expect(parseRef('E:E')).toEqual({ fromRow: 1, fromColumn: 5, toRow: 1_048_576, toColumn: 5 });
    expect(parseRef('2:3')).toEqual({ fromRow: 2, fromColumn: 1, toRow: 3, toColumn: 16_384 });
    expect(parseRef('B5:A1')).toBeNull();
    expect(parseRef('nonsense')).toBeNull();
  });

  it('marks a row whose filled cells are all bold (a title row), and no other', async () => {
    // Prepare
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Questions');
    sheet.getCell('A1').value = 'Access Control';
    sheet.getCell('A1').font = { bold: true };
    sheet.getCell('A2').value = 'AC-1';
    sheet.getCell('A2').font = { bold: true };
    sheet.getCell('B2').value = 'Do you review access rights?';

    // Act
    const { sheets } = await readSpreadsheet(new Uint8Array(await workbook.xlsx.writeBuffer()), 'xlsx');

    // Assess
    expect(sheets[0].content.rows.map((r) => r.bold ?? false)).toEqual([true, false]);
  });
});
