import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectSheetLayout } from '../../../functions/common/formats/detect';
import { readSpreadsheet } from '../../../functions/common/formats/spreadsheet';
import { SourceFormatError } from '../../../functions/common/formats/types';
import { checkZip, explainUnreadable, REASONS } from '../../../functions/common/formats/zip-guard';
import { macroQuestionnaire } from '../../../scripts/fixtures/hostile-zips';
import { buildQuestionnaireCsv, buildQuestionnaireXlsx } from '../../../scripts/fixtures/workbooks';

const toBytes = async (workbook: ExcelJS.Workbook) => new Uint8Array(await workbook.xlsx.writeBuffer());

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SourceFormatError) return error.reason;
    throw error;
  }
  throw new Error('expected a SourceFormatError');
}

describe('readSpreadsheet (xlsx)', () => {
  it('gives every sheet with its cells as Excel shows them', async () => {
    // Prepare
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Controls');
    sheet.mergeCells('A1:C1');
    sheet.getCell('A1').value = 'Security review';
    sheet.getCell('A2').value = 0.256;
    sheet.getCell('A2').numFmt = '0.0%';
    sheet.getCell('B2').value = new Date(Date.UTC(2026, 2, 15));
    sheet.getCell('B2').numFmt = 'd mmm yyyy';
    sheet.getCell('C2').value = { formula: 'A2*2', result: 0.512 };
    sheet.getCell('C2').numFmt = '0.00';
    sheet.getCell('A3').value = {
      richText: [{ text: 'Do you ' }, { font: { bold: true }, text: 'encrypt' }, { text: ' data?' }],
    };
    sheet.getCell('B3').value = { text: 'policy', hyperlink: 'https://example.com' };
    sheet.getCell('C3').value = true;
    sheet.getCell('A5').value = 1234.5;
    sheet.getRow(5).hidden = true;
    sheet.getColumn(2).hidden = true;
    const secret = workbook.addWorksheet('Lookups', { state: 'hidden' });
    secret.getCell('A1').value = 'Yes';

    // Act
    const { sheets } = await readSpreadsheet(await toBytes(workbook), 'xlsx');

    // Assess
    expect(sheets.map((s) => [s.sheetName, s.hidden])).toEqual([
      ['Controls', false],
      ['Lookups', true],
    ]);
    const rows = sheets[0].content.rows;
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0].cells).toEqual(['Security review']);
    expect(rows[1].cells).toEqual(['25.6%', '15 Mar 2026', '0.51']);
    expect(rows[2].cells).toEqual(['Do you encrypt data?', 'policy', 'TRUE']);
    expect(rows[3].cells).toEqual([]);
    expect(rows[4]).toEqual({ rowNumber: 5, hidden: true, cells: ['1234.5'] });
    expect(sheets[0].content.merges).toEqual([{ fromRow: 1, fromColumn: 1, toRow: 1, toColumn: 3 }]);
    expect(sheets[0].content.columns.find((c) => c.columnNumber === 2)?.hidden).toBe(true);
    expect(sheets[0].columnCount).toBe(3);
  });

  it('shows dates, percentages, currencies, text and custom formats as Excel displays them', async () => {
    // Prepare
    const cases: [ExcelJS.CellValue, string | undefined, string][] = [
      [new Date(Date.UTC(2024, 0, 15)), undefined, '2024-01-15'],
      [new Date(Date.UTC(2024, 0, 15)), 'dd/mm/yyyy', '15/01/2024'],
      [new Date(Date.UTC(2024, 0, 15, 13, 30)), 'yyyy-mm-dd hh:mm', '2024-01-15 13:30'],
      [45000, 'mmm d, yyyy', 'Mar 15, 2023'],
      [0.5, 'h:mm AM/PM', '12:00 PM'],
      [0.125, '0.0%', '12.5%'],
      [1234.5, '"$"#,##0.00', '$1,234.50'],
      [1234.5, '[$€-407]#,##0.00', '€1,234.50'],
      [1234.5, '#,##0.00 "EUR"', '1,234.50 EUR'],
      [-1234.5, '#,##0.00;[Red](#,##0.00)', '(1,234.50)'],
      [1234.5, '_-* #,##0.00_-;-* #,##0.00_-;_-* "-"??_-;_-@_-', '1,234.50'],
      [42, '000000', '000042'],
      ['00123', '@', '00123'],
      [0.1 + 0.2, undefined, '0.3'],
      [123456789012, undefined, '123456789012'],
      [1e21, undefined, '1E+21'],
      [{ formula: 'A1+1', result: new Date(Date.UTC(2024, 0, 16)) }, 'd-mmm-yy', '16-Jan-24'],
    ];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Formats');
    cases.forEach(([value, numFmt], index) => {
      const cell = sheet.getCell(index + 1, 1);
      cell.value = value;
      if (numFmt) cell.numFmt = numFmt;
    });

    // Act
    const { sheets } = await readSpreadsheet(await toBytes(workbook), 'xlsx');

    // Assess
    expect(sheets[0].content.rows.map((row) => row.cells[0])).toEqual(cases.map(([, , shown]) => shown));
  });

  it('reads a 10,000-question workbook quickly and detects its layout', async () => {
    // Prepare
    const built = await buildQuestionnaireXlsx({ questions: 10_000 });
    const started = performance.now();

    // Act
    const { sheets } = await readSpreadsheet(built.bytes, 'xlsx');
    const layout = detectSheetLayout(sheets[built.sheetIndex]);
    console.log(`10,000-question xlsx read + detected in ${Math.round(performance.now() - started)} ms`);

    // Assess
    expect(detectSheetLayout(sheets[0]).questionRows).toEqual([]);
    expect(layout.headerRow).toBe(built.headerRow);
    expect(layout.columnClassifications.map((c) => c.columnType)).toEqual([
      'REFERENCE_NUMBER',
      'SECTION',
      'QUESTION',
      'ANSWER',
      'COMPLIANCE_STATUS',
    ]);
    expect(layout.questionRows).toEqual(built.rows.map((r) => r.rowNumber));
  }, 60_000);
});

/** A workbook written part by part, as generators other than Excel write them. */
function handWrittenXlsx(
  sheetXml: string,
  options: { date1904?: boolean; styles?: string; strings?: string; stringsPart?: string } = {},
) {
  const stringsPart = options.stringsPart ?? 'strings.xml';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipSync({
    'xl/workbook.xml': strToU8(
      `<workbook xmlns="${main}" xmlns:r="${rel}">${options.date1904 ? '<workbookPr date1904="1"/>' : ''}` +
        '<sheets><sheet name="Answers" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/answers.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="${stringsPart}"/>` +
        `<Relationship Id="rId3" Type="${rel}/styles" Target="looks.xml"/></Relationships>`,
    ),
    [`xl/${stringsPart}`]: strToU8(`<sst xmlns="${main}">${options.strings ?? ''}</sst>`),
    'xl/looks.xml': strToU8(`<styleSheet xmlns="${main}">${options.styles ?? ''}</styleSheet>`),
    'xl/worksheets/answers.xml': strToU8(`<worksheet xmlns="${main}">${sheetXml}</worksheet>`),
  });
}

describe('readSpreadsheet (xlsx written by other tools)', () => {
  it('reads rows and cells without references, prefixed elements, phonetic runs and string formula results, through the relationships', async () => {
    // Prepare: strings and styles under other part names; rows and cells without `r`; an `x:` prefix.
    const strings =
      '<si><t>Question</t></si>' +
      '<si><r><t>Do you encrypt </t></r><r><rPr><b/></rPr><t>backups</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si>';
    const sheet =
      '<sheetData><row><c t="s"><v>0</v></c><c t="inlineStr"><is><t>Answer</t></is></c></row>' +
      '<row><c t="s"><v>1</v></c><c t="str"><v>Yes &amp; AES-256_x000A_daily</v></c></row>' +
      '<row><c t="s"><f>A1</f><v>0</v></c></row></sheetData>';
    const prefixed = handWrittenXlsx(
      `<x:sheetData xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>Prefixed</x:t></x:is></x:c></x:row></x:sheetData>`,
    );

    // Act
    const { sheets } = await readSpreadsheet(
      handWrittenXlsx(sheet, { strings, stringsPart: 'strings/shared1.xml' }),
      'xlsx',
    );
    const other = await readSpreadsheet(prefixed, 'xlsx');

    // Assess
    expect(sheets[0].sheetName).toBe('Answers');
    expect(sheets[0].content.rows.map((r) => r.cells)).toEqual([
      ['Question', 'Answer'],
      ['Do you encrypt backups', 'Yes & AES-256\ndaily'],
      ['Question'],
    ]);
    expect(other.sheets[0].content.rows.map((r) => r.cells)).toEqual([[], ['', 'Prefixed']]);
  });

  it('shows dates of a 1904 workbook, ISO date cells and the built-in short date and time as Excel does', async () => {
    // Prepare: style 1 is built-in 14 (short date), 2 is 22 (short date and time), 3 a bold font switched off.
    const styles =
      '<fonts count="2"><font><sz val="11"/></font><font><b val="0"/></font></fonts>' +
      '<cellXfs count="5"><xf numFmtId="0" fontId="0"/><xf numFmtId="14" fontId="0"/><xf numFmtId="22" fontId="0"/><xf numFmtId="0" fontId="1"/><xf numFmtId="46" fontId="0"/></cellXfs>';
    const sheet =
      '<sheetData><row r="1"><c r="A1" t="inlineStr" s="3"><is><t>Title</t></is></c></row>' +
      '<row r="2"><c r="A2" s="1"><v>40000</v></c><c r="B2" s="2"><v>40000.5</v></c><c r="C2" t="d"><v>2024-03-05T00:00:00</v></c><c r="D2" s="4"><v>1.25</v></c></row></sheetData>';

    // Act
    const mac = await readSpreadsheet(handWrittenXlsx(sheet, { styles, date1904: true }), 'xlsx');
    const windows = await readSpreadsheet(handWrittenXlsx(sheet, { styles }), 'xlsx');

    // Assess
    // An elapsed time (built-in 46, [h]:mm:ss) is a duration, the same in both date systems.
    expect(mac.sheets[0].content.rows[1].cells).toEqual([
      '2013-07-07',
      '2013-07-07 12:00',
      '2024-03-05',
      '30:00:00',
    ]);
    expect(windows.sheets[0].content.rows[1].cells).toEqual([
      '2009-07-06',
      '2009-07-06 12:00',
      '2024-03-05',
      '30:00:00',
    ]);
    expect(windows.sheets[0].content.rows[0].bold).toBeUndefined();
  });

  it('refuses a workbook whose worksheet is not well-formed XML as damaged', async () => {
    const bytes = handWrittenXlsx(
      '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Open</is></c></row></sheetData>',
    );
    expect(await reason(readSpreadsheet(bytes, 'xlsx'))).toBe(REASONS.corrupted);
  });
});

describe('readSpreadsheet (csv)', () => {
  const grid = [
    ['ID', 'Question', 'Answer'],
    ['1.1', 'Décrivez votre politique de sécurité — “en détail”?', ''],
    ['1.2', 'Line one\nline two; with a semicolon, and a comma', 'Yes'],
  ];
  const csvText = (delimiter: string, newline: string) =>
    grid
      .map((row) =>
        row
          .map((cell) => (/[",;\t\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
          .join(delimiter),
      )
      .join(newline);

  it.each([
    [
      'UTF-8 with BOM, comma, CRLF',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(',', '\r\n'))]),
    ],
    ['UTF-8, semicolon, LF', Buffer.from(csvText(';', '\n'))],
    [
      'UTF-16LE with BOM, tab',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(csvText('\t', '\r\n'), 'utf-16le')]),
    ],
    [
      'UTF-16BE with BOM, comma',
      Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(csvText(',', '\n'), 'utf-16be')]),
    ],
    ['Windows-1252, semicolon', iconv.encode(csvText(';', '\r\n'), 'windows-1252')],
  ])('reads %s', async (_name, bytes) => {
    const { sheets } = await readSpreadsheet(new Uint8Array(bytes), 'csv');
    expect(sheets).toHaveLength(1);
    expect(sheets[0].content.rows.map((r) => r.cells)).toEqual([grid[0], grid[1].slice(0, 2), grid[2]]);
  });

  it('detects the layout of a plain CSV questionnaire', async () => {
    const { text, rows } = buildQuestionnaireCsv(30);
    const { sheets } = await readSpreadsheet(strToU8(text), 'csv');
    const layout = detectSheetLayout(sheets[0]);
    expect(layout.headerRow).toBe(1);
    expect(layout.columnClassifications.map((c) => c.columnType)).toEqual([
      'REFERENCE_NUMBER',
      'SECTION',
      'QUESTION',
      'ANSWER',
    ]);
    expect(layout.questionRows).toEqual(rows.map((r) => r.rowNumber));
  });
});

describe('bad files', () => {
  it('refuses an empty file, a binary CSV and a corrupted workbook with reasons a user can act on', async () => {
    expect(await reason(readSpreadsheet(new Uint8Array(), 'csv'))).toBe(REASONS.empty);
    expect(await reason(readSpreadsheet(new Uint8Array(), 'xlsx'))).toBe(REASONS.empty);
    const binary = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    expect(await reason(readSpreadsheet(binary, 'csv'))).toBe(REASONS.binaryCsv);
    const real = (await buildQuestionnaireXlsx({ questions: 20 })).bytes;
    expect(await reason(readSpreadsheet(real.subarray(0, real.length / 2), 'xlsx'))).toBe(REASONS.corrupted);
  });

  it('names password-protected and legacy files and PDFs, and reads a macro workbook (its macros never run)', async () => {
    // Prepare
    const cfb = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]);
    const xlsm = macroQuestionnaire().bytes;

    // Act
    const workbook = await readSpreadsheet(xlsm, 'xlsx');

    // Assess
    expect(explainUnreadable(cfb, 'xlsx')).toBe(REASONS.protectedOrLegacy);
    expect(explainUnreadable(strToU8('%PDF-1.7 ...'), 'docx')).toBe(REASONS.pdf);
    expect(workbook.sheets.map((s) => s.sheetName)).toEqual(['Instructions', 'Questions']);
    const docx = zipSync({ 'word/document.xml': strToU8('<w:document/>') });
    await expect(checkZip(docx, 'xlsx')).rejects.toThrow(
      'This file is not an Excel workbook. Save it as .xlsx and upload it again.',
    );
  });

  it('names sheets by their tabs in tab order whatever their part names, and decodes OOXML escapes', async () => {
    // Prepare: tab 1 "Instructions" is sheet2.xml, tab 2 "Questions" is sheet1.xml.
    const { bytes } = macroQuestionnaire();

    // Act
    const { sheets } = await readSpreadsheet(bytes, 'xlsx');

    // Assess
    expect(sheets.map((s) => [s.sheetIndex, s.sheetName])).toEqual([
      [0, 'Instructions'],
      [1, 'Questions'],
    ]);
    expect(sheets[0].content.rows[0].cells).toEqual(['Read every question and answer in column B.']);
    expect(sheets[1].content.rows.map((r) => r.cells[0])).toEqual([
      'Question',
      'Do you encrypt data at rest?\r\n(AES-256 or stronger)',
      'Is MFA enforced for admin_accounts?',
      'Do you run annual penetration tests?',
      'Do you have a written incident response plan?',
    ]);
  });

  it('decodes OOXML escapes in inline strings too, once (exceljs decodes them in shared strings only)', async () => {
    // Prepare: A3 of "Questions" as an inline string with escapes, an entity and a literal "_x000D_".
    const parts = unzipSync(macroQuestionnaire().bytes);
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']).replace(
      '<c r="A3" t="s"><v>3</v></c>',
      '<c r="A3" t="inlineStr"><is><t xml:space="preserve">Is MFA enforced?_x000D__x000A_See R&amp;D_x005F_x000D_ note</t></is></c>',
    );
    const bytes = zipSync({ ...parts, 'xl/worksheets/sheet1.xml': strToU8(sheet) });

    // Act
    const { sheets } = await readSpreadsheet(bytes, 'xlsx');

    // Assess
    expect(sheets[1].content.rows[2].cells[0]).toBe('Is MFA enforced?\r\nSee R&D_x000D_ note');
    expect(sheets[1].content.rows[1].cells[0]).toBe('Do you encrypt data at rest?\r\n(AES-256 or stronger)');
  });

  it('refuses a zip bomb before inflating it', async () => {
    // 300 MB of zeros compress to about 300 KB.
    const zeros = new Uint8Array(300 * 1024 * 1024);
    const bomb = zipSync(
      { 'xl/workbook.xml': strToU8('<workbook/>'), 'xl/worksheets/sheet1.xml': zeros },
      { level: 9 },
    );
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expect(checkZip(bomb, 'xlsx')).rejects.toThrow(REASONS.tooBig);
  });

  it('refuses a workbook of 200 sheets and a sheet of a million cells, without loading them', async () => {
    const files: Record<string, Uint8Array> = { 'xl/workbook.xml': strToU8('<workbook/>') };
    for (let i = 1; i <= 200; i++)
      files[`xl/worksheets/sheet${i}.xml`] = strToU8('<worksheet><sheetData/></worksheet>');
    expect(await reason(readSpreadsheet(zipSync(files), 'xlsx'))).toBe(
      'This workbook has 200 sheets. We can import up to 100.',
    );
    const row = (r: number) =>
      `<row r="${r}">${Array.from({ length: 100 }, (_, c) => `<c r="A${r}" t="n"><v>${c}</v></c>`).join('')}</row>`;
    const big = `<worksheet><sheetData>${Array.from({ length: 10_000 }, (_, r) => row(r + 1)).join('')}</sheetData></worksheet>`;
    const million = zipSync({
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8(big),
    });
    expect(await reason(readSpreadsheet(million, 'xlsx'))).toMatch(/more than 500,000 filled cells/);
  }, 30_000);
});
