import { describe, expect, it, vi } from 'vitest';
import { readDocument } from '../../../functions/common/formats/document';
import { readSpreadsheet } from '../../../functions/common/formats/spreadsheet';
import { SourceFormatError } from '../../../functions/common/formats/types';
import { checkZip, REASONS } from '../../../functions/common/formats/zip-guard';
import {
  extensionListValidation,
  hugeSharedStringXlsx,
  listValidation,
  lyingSizesXlsx,
  mergedRanges,
  oversizedDocx,
  questionnaireXlsxWith,
} from '../../../scripts/fixtures/hostile-zips';
import { SOURCE_LIMITS } from '../../../shared/schemas/source';

/** Every byte zlib inflates for the guard, counted as it leaves the inflater (the real zlib). */
const inflated = vi.hoisted(() => ({ bytes: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  const createInflateRaw: typeof zlib.createInflateRaw = (options) => {
    const inflater = zlib.createInflateRaw(options);
    inflater.on('data', (chunk: Buffer) => {
      inflated.bytes += chunk.length;
    });
    return inflater;
  };
  return { ...zlib, default: { ...zlib, createInflateRaw }, createInflateRaw };
});

const MIB = 1024 * 1024;
/** One step of the inflater (256 KB) past a cap at most, with room for the small parts before it. */
const STEP = 512 * 1024;

async function reason(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SourceFormatError) return error.reason;
    throw error;
  }
  return null;
}

/** Inflates the file through the guard; the reason it was refused and the bytes inflated meanwhile. */
async function guard(bytes: Uint8Array, expect: 'xlsx' | 'docx') {
  inflated.bytes = 0;
  const refused = await reason(checkZip(bytes, expect));
  return { refused, inflatedBytes: inflated.bytes };
}

describe('the zip guard, against memory amplification', () => {
  it('refuses a workbook with a huge shared string, inflating no more than the cap', async () => {
    // Prepare: 60 MB of answer text (over the 48 MB cap) zips to a few hundred kilobytes, its
    // headers honest; and 240 MB of it whose headers declare 4 KB.
    const honest = hugeSharedStringXlsx(60 * MIB);
    const lying = hugeSharedStringXlsx(240 * MIB, 4096);
    expect(honest.length).toBeLessThan(MIB);
    expect(lying.length).toBeLessThan(2 * MIB);

    // Act
    const first = await guard(honest, 'xlsx');
    const second = await guard(lying, 'xlsx');
    const read = await reason(readSpreadsheet(lying, 'xlsx'));

    // Assess
    expect(first.refused).toBe(REASONS.sharedStringsTooBig);
    expect(REASONS.sharedStringsTooBig).toContain('more than 48 MB');
    expect(first.inflatedBytes).toBeLessThan(SOURCE_LIMITS.partBytes.sharedStrings + STEP);
    expect(second.refused).toBe(REASONS.sharedStringsTooBig);
    expect(second.inflatedBytes).toBeLessThan(SOURCE_LIMITS.partBytes.sharedStrings + STEP);
    expect(read).toBe(REASONS.sharedStringsTooBig);
  }, 60_000);

  it('refuses a workbook whose size headers lie, as soon as its sheet passes the cap', async () => {
    // Prepare: a sheet that inflates to 120 MB, declared as 4 KB in its local and central headers;
    // and one that inflates to 1 MB (under every cap), also declared as 4 KB.
    const bomb = lyingSizesXlsx(120 * MIB);
    const small = lyingSizesXlsx(MIB);
    expect(bomb.length).toBeLessThan(2 * MIB);

    // Act
    const big = await guard(bomb, 'xlsx');
    const under = await guard(small, 'xlsx');

    // Assess: stopped at the cap, not after 120 MB; the small liar is refused as damaged.
    expect(big.refused).toBe(REASONS.worksheetTooBig);
    expect(big.inflatedBytes).toBeLessThan(SOURCE_LIMITS.partBytes.worksheet + STEP);
    expect(under.refused).toBe(REASONS.corrupted);
    expect(await reason(readSpreadsheet(bomb, 'xlsx'))).toBe(REASONS.worksheetTooBig);
  }, 60_000);

  it('refuses a Word document whose document.xml is oversized or has too many nodes', async () => {
    // Prepare: 60 MB of long question paragraphs (over the 16 MB cap); and 12 MB of short ones,
    // under the cap but about 540,000 elements (a DOM of them would take about a gigabyte).
    const oversized = oversizedDocx(60 * MIB, 'Describe how customer data is encrypted at rest. '.repeat(40));
    const dense = oversizedDocx(12 * MIB);

    // Act
    const big = await guard(oversized, 'docx');
    const many = await guard(dense, 'docx');

    // Assess
    expect(big.refused).toBe(REASONS.documentTooBig);
    expect(big.inflatedBytes).toBeLessThan(SOURCE_LIMITS.partBytes.document + STEP);
    expect(many.refused).toBe(REASONS.documentTooComplex);
    expect(await reason(readDocument(oversized))).toBe(REASONS.documentTooBig);
    expect(await reason(readDocument(dense))).toBe(REASONS.documentTooComplex);
  }, 60_000);

  it('reads the same files at a normal size as before', async () => {
    // Prepare
    const workbook = hugeSharedStringXlsx(100);
    const document = oversizedDocx(2_000);

    // Act
    const sheets = (await readSpreadsheet(workbook, 'xlsx')).sheets;
    const content = await readDocument(document);
    const checked = await checkZip(workbook, 'xlsx');

    // Assess
    expect(sheets.map((s) => s.sheetName)).toEqual(['Questions']);
    expect(sheets[0].content.rows.map((r) => r.cells)).toEqual([
      ['Question', 'Answer'],
      ['Do you encrypt customer data at rest?', 'Yes, with AES-256. '.repeat(6).slice(0, 100).trim()],
    ]);
    expect(checked).toMatchObject({ sheets: 1, cellElements: 4 });
    // 2,000 bytes of 70-byte paragraphs.
    expect(content.nodes.length).toBe(28);
    expect(content.nodes[0]).toMatchObject({
      kind: 'paragraph',
      text: 'Do you encrypt customer data at rest?',
    });
  });
});

describe('the reader, against ranges that cover whole sheets', () => {
  const QUESTION_ROWS = [
    ['Question', 'Answer'],
    ['Do you encrypt customer data at rest?', 'Yes'],
  ];

  it('reads a workbook with a whole-sheet data validation at once (a HECVAT-like N1:XFD1048576)', async () => {
    // Prepare: the list validation both as a sheet element and in the extension list.
    const workbook = questionnaireXlsxWith(
      listValidation('N1:XFD1048576') + extensionListValidation('A1:XFD1048576'),
    );

    // Act: exceljs used to expand the range cell by cell (17 billion cells; the process never returned).
    const started = Date.now();
    const sheets = (await readSpreadsheet(workbook, 'xlsx')).sheets;

    // Assess
    expect(sheets[0].content.rows.map((r) => r.cells)).toEqual(QUESTION_ROWS);
    console.log(`whole-sheet validation read in ${Date.now() - started} ms`);
  }, 10_000);

  it('refuses a merge over whole rows and columns before reading it, with the reason', async () => {
    // Prepare: one merge over most of the sheet; and 2,001 merges of 100 cells, whose sum passes the limit.
    const whole = questionnaireXlsxWith(mergedRanges(['C3:XFD1048576']));
    const many = questionnaireXlsxWith(
      mergedRanges(Array.from({ length: 2_001 }, (_, i) => `C${3 + i * 10}:L${12 + i * 10}`)),
    );

    // Act
    const refusedWhole = await reason(readSpreadsheet(whole, 'xlsx'));
    const refusedMany = await reason(checkZip(many, 'xlsx'));

    // Assess
    expect(refusedWhole).toBe(REASONS.mergesTooBig);
    expect(refusedMany).toBe(REASONS.mergesTooBig);
    expect(REASONS.mergesTooBig).toContain(SOURCE_LIMITS.mergedCells.toLocaleString('en'));
  }, 10_000);

  it('reads ordinary merges, up to the limit, as before', async () => {
    // Prepare: 1,999 merges of 100 cells (199,900 cells) below the questions, and a title merge.
    const workbook = questionnaireXlsxWith(
      mergedRanges(['A1:B1', ...Array.from({ length: 1_999 }, (_, i) => `C${3 + i * 10}:L${12 + i * 10}`)]),
    );

    // Act
    const sheet = (await readSpreadsheet(workbook, 'xlsx')).sheets[0];

    // Assess: the title merge is kept (its text in the top-left cell), the question row as it is.
    expect(sheet.content.merges[0]).toEqual({ fromRow: 1, fromColumn: 1, toRow: 1, toColumn: 2 });
    expect(sheet.content.merges).toHaveLength(2_000);
    expect(sheet.content.rows.map((r) => r.cells)).toEqual([['Question'], QUESTION_ROWS[1]]);
  }, 30_000);
});

describe('cell text with OOXML escapes', () => {
  it('reads _xHHHH_ as the character Excel shows, and _x005F_ as an escaped underscore', async () => {
    // Prepare: a CAIQ-style question with an escaped carriage return, and a literal "_x000D_".
    const workbook = questionnaireXlsxWith(
      '',
      'Do you review access?_x000D_\nInclude contractors. Code _x005F_x000D_ stays.',
    );
    // Act
    const question = (await readSpreadsheet(workbook, 'xlsx')).sheets[0].content.rows[1].cells[0];
    // Assess
    expect(question).toBe('Do you review access?\r\nInclude contractors. Code _x000D_ stays.');
  });
});
