/**
 * The questionnaire families (test/fixtures/families, built by scripts/fixtures/families.ts) cannot
 * rot: the committed files are what the generator writes, and every truth file agrees with its
 * file's own parts, read here straight from the zip (not through the product's readers, which the
 * families measure): sheet names, part names, hidden and protected sheets, question, reference and
 * section cells, list validations and their values, X-mark headers, unlocked answer cells, the
 * macro part; Word node ids, automatic numbering, headings and answer places; the v1/v2 mapping.
 * Detection's figures on the families are printed by the bench, never asserted here.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildFamilySet,
  type FamilyDocumentTruth,
  type FamilyFixture,
  type FamilySheetTruth,
  type FamilySpreadsheetTruth,
  readFamilySet,
} from '../../../scripts/fixtures/families';
import { cellRef } from '../../../scripts/fixtures/families-ooxml';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml').documentElement as Element;
const all = (element: Element, ns: string, name: string) =>
  Array.from(element.getElementsByTagNameNS(ns, name)) as Element[];
const kids = (element: Element, name: string) =>
  Array.from(element.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === name,
  );

/** `_xHHHH_` escapes as Excel shows them (`_x005F_` keeps the next one literal). */
const decodeEscapes = (text: string) =>
  text.replace(/_x005F(_x[0-9A-Fa-f]{4}_)|_x([0-9A-Fa-f]{4})_/g, (_, literal: string, hex: string) =>
    literal ? literal : String.fromCharCode(Number.parseInt(hex, 16)),
  );

/** A rectangle of an sqref ('C3:C20') covers a cell. */
function covers(sqref: string, row: number, column: number) {
  return sqref.split(' ').some((range) => {
    const [from, to = from] = range.split(':').map((ref) => {
      const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(ref.replaceAll('$', '')) ?? [];
      const col = [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
      return { row: Number(digits), col };
    });
    return from.row <= row && row <= to.row && from.col <= column && column <= to.col;
  });
}

interface ReadSheet {
  name: string;
  part: string;
  state: string;
  cell: (row: number, column: number) => { text: string; style: number };
  lastRow: number;
  root: Element;
}

/** The workbook's sheets in tab order, each with its part and cells, from the zip itself. */
function openWorkbook(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const text = (name: string) => strFromU8(files[name]);
  const strings = all(parse(text('xl/sharedStrings.xml')), MAIN, 'si').map((si) =>
    decodeEscapes(
      all(si, MAIN, 't')
        .map((t) => t.textContent ?? '')
        .join(''),
    ),
  );
  const rels = new Map(
    all(
      parse(text('xl/_rels/workbook.xml.rels')),
      'http://schemas.openxmlformats.org/package/2006/relationships',
      'Relationship',
    ).map((r) => [r.getAttribute('Id') ?? '', `xl/${r.getAttribute('Target')}`]),
  );
  const workbook = parse(text('xl/workbook.xml'));
  const names = new Map(
    all(workbook, MAIN, 'definedName').map((d) => [d.getAttribute('name') ?? '', d.textContent ?? '']),
  );
  const unlocked = new Set(
    all(kids(parse(text('xl/styles.xml')), 'cellXfs')[0], MAIN, 'xf').flatMap((xf, i) =>
      all(xf, MAIN, 'protection').some((p) => p.getAttribute('locked') === '0') ? [i] : [],
    ),
  );
  const sheets: ReadSheet[] = all(workbook, MAIN, 'sheet').map((sheet) => {
    const part = rels.get(sheet.getAttributeNS(RELS, 'id') ?? '') ?? '';
    const root = parse(text(part));
    const cells = new Map(
      all(root, MAIN, 'c').map((c) => {
        const v = all(c, MAIN, 'v')[0]?.textContent;
        const value =
          c.getAttribute('t') === 's' && v !== undefined && v !== null ? strings[Number(v)] : (v ?? '');
        return [c.getAttribute('r') ?? '', { text: value, style: Number(c.getAttribute('s') ?? 0) }];
      }),
    );
    const rows = all(root, MAIN, 'row').map((r) => Number(r.getAttribute('r')));
    return {
      name: sheet.getAttribute('name') ?? '',
      part,
      state: sheet.getAttribute('state') ?? 'visible',
      cell: (row, column) => cells.get(cellRef(row, column)) ?? { text: '', style: 0 },
      lastRow: Math.max(0, ...rows),
      root,
    };
  });
  /** A list validation's values: inline, a range on a sheet, or a defined name for one. */
  const listValues = (formula: string): string[] => {
    if (formula.startsWith('"')) return formula.slice(1, -1).split(',');
    const ref = names.get(formula) ?? formula;
    const [, sheetName, letter, first, last] =
      /^'?([^'!]+)'?!\$?([A-Z])\$?(\d+):\$?[A-Z]\$?(\d+)$/.exec(ref) ?? [];
    const sheet = sheets.find((s) => s.name === sheetName);
    if (!sheet) return [];
    const column = letter.charCodeAt(0) - 64;
    return Array.from(
      { length: Number(last) - Number(first) + 1 },
      (_, i) => sheet.cell(Number(first) + i, column).text,
    );
  };
  const validations = (sheet: ReadSheet) => [
    ...all(sheet.root, MAIN, 'dataValidation').map((v) => ({
      sqref: v.getAttribute('sqref') ?? '',
      formula: all(v, MAIN, 'formula1')[0]?.textContent ?? '',
    })),
    ...all(sheet.root, 'http://schemas.microsoft.com/office/spreadsheetml/2009/9/main', 'dataValidation').map(
      (v) => ({
        sqref: all(v, 'http://schemas.microsoft.com/office/excel/2006/main', 'sqref')[0]?.textContent ?? '',
        formula: all(v, 'http://schemas.microsoft.com/office/excel/2006/main', 'f')[0]?.textContent ?? '',
      }),
    ),
  ];
  return { files, sheets, listValues, validations, unlocked, contentTypes: text('[Content_Types].xml') };
}

function checkSheet(book: ReturnType<typeof openWorkbook>, truth: FamilySheetTruth) {
  const sheet = book.sheets[truth.sheetIndex];
  const at = `${truth.sheetName}`;
  expect(sheet.name, at).toBe(truth.sheetName);
  expect(sheet.part, at).toBe(truth.partName);
  expect(sheet.state !== 'visible', at).toBe(truth.hidden);
  expect(all(sheet.root, MAIN, 'sheetProtection').length > 0, at).toBe(truth.protected);
  expect(truth.questionRows, at).toEqual(truth.questions.map((q) => q.row));
  if (truth.headerRow === null) {
    expect(truth.questions, at).toEqual([]);
    return;
  }
  const columnOf = (type: string) => {
    const value = truth.columns[type as keyof typeof truth.columns];
    return Array.isArray(value) ? value[0] : value;
  };
  const question = columnOf('QUESTION') ?? 0;
  const reference = columnOf('REFERENCE_NUMBER');
  const sectionColumn = columnOf('SECTION');
  // Every typed column has a title in the header row.
  for (const value of Object.values(truth.columns))
    for (const column of Array.isArray(value) ? value : [value])
      expect(sheet.cell(truth.headerRow, column).text, `${at} header ${column}`).not.toBe('');
  for (const q of truth.questions) {
    expect(q.row, at).toBeGreaterThan(truth.headerRow);
    expect(q.row, at).toBeLessThanOrEqual(sheet.lastRow);
    expect(sheet.cell(q.row, question).text, `${at} row ${q.row}`).toBe(q.text);
    if (reference) expect(sheet.cell(q.row, reference).text, `${at} row ${q.row}`).toBe(q.reference);
    if (q.section !== undefined) {
      if (sectionColumn) expect(sheet.cell(q.row, sectionColumn).text, `${at} row ${q.row}`).toBe(q.section);
      else {
        // The section is the nearest title row above the question (its text in column A or B).
        let row = q.row - 1;
        while (row > truth.headerRow && truth.questionRows.includes(row)) row--;
        const title = sheet.cell(row, 1).text || sheet.cell(row, 2).text;
        expect(title, `${at} row ${q.row}`).toBe(q.section);
      }
    }
  }
  for (const row of truth.exampleRows) {
    expect(row, at).toBe(truth.headerRow + 1);
    expect(truth.questionRows, at).not.toContain(row);
    expect(sheet.cell(row, question).text, at).not.toBe('');
  }
  for (const mark of truth.markColumns)
    expect(sheet.cell(truth.headerRow, mark.column).text, at).toBe(mark.value);
  const validations = book.validations(sheet);
  for (const list of truth.answerLists) {
    const validation = validations.find((v) =>
      truth.questionRows.every((r) => covers(v.sqref, r, list.column)),
    );
    expect(validation, `${at} list on column ${list.column}`).toBeDefined();
    expect(book.listValues(validation?.formula ?? ''), `${at} list on column ${list.column}`).toEqual(
      list.values,
    );
  }
  if (truth.wholeSheetValidation)
    expect(
      validations.map((v) => v.sqref),
      at,
    ).toContain(truth.wholeSheetValidation);
  if (truth.protected) {
    for (const q of truth.questions) {
      for (const column of truth.unlockedColumns)
        expect(book.unlocked.has(sheet.cell(q.row, column).style), `${at} ${cellRef(q.row, column)}`).toBe(
          true,
        );
      expect(book.unlocked.has(sheet.cell(q.row, question).style), `${at} row ${q.row}`).toBe(false);
    }
  }
}

/** Body paragraphs and table cells by node id (shared/schemas/source.ts NodeId), from document.xml. */
function openDocument(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const body = all(parse(strFromU8(files['word/document.xml'])), W, 'body')[0];
  const nodes = new Map<string, Element>();
  const tables = new Map<string, Element>();
  let p = 0;
  let t = 0;
  for (const block of Array.from(body.childNodes).filter((n): n is Element => n.nodeType === 1)) {
    if (block.localName === 'p') nodes.set(`p${p++}`, block);
    if (block.localName === 'tbl') {
      const id = `t${t++}`;
      tables.set(id, block);
      kids(block, 'tr').forEach((tr, r) => {
        kids(tr, 'tc').forEach((tc, c) => {
          nodes.set(`${id}.r${r}.c${c}`, tc);
        });
      });
    }
  }
  const text = (id: string) =>
    all(nodes.get(id) as Element, W, 't')
      .map((n) => n.textContent ?? '')
      .join('');
  const level = (id: string) => all(nodes.get(id) as Element, W, 'ilvl')[0]?.getAttributeNS(W, 'val');
  const style = (id: string) => all(nodes.get(id) as Element, W, 'pStyle')[0]?.getAttributeNS(W, 'val');
  return { files, nodes, tables, text, level, style, paragraphs: p };
}

function checkDocument(bytes: Uint8Array, truth: FamilyDocumentTruth) {
  const doc = openDocument(bytes);
  for (const q of truth.questions) {
    expect(doc.nodes.has(q.nodeId), q.nodeId).toBe(true);
    expect(doc.text(q.nodeId), q.nodeId).toBe(q.text);
    // Automatic numbering: the label's depth is the paragraph's level; table questions have none.
    const depth =
      q.label === '' ? undefined : /^\d+\.$/.test(q.label) ? '0' : /^\d+\.\d+$/.test(q.label) ? '1' : '2';
    expect(doc.level(q.nodeId), q.nodeId).toBe(depth);
    expect(q.reference.endsWith(q.label.replace(/\.$/, '')), q.nodeId).toBe(true);
    // The section is the nearest Heading 1 above the question (or above its table).
    const index = Number((/^[pt](\d+)/.exec(q.nodeId) ?? [])[1]);
    const before = q.nodeId.startsWith('t')
      ? [...doc.nodes.keys()].filter((id) => id.startsWith('p')).length
      : index;
    let heading = '';
    for (let i = 0; i < before; i++) if (doc.style(`p${i}`) === 'Heading1') heading = doc.text(`p${i}`);
    if (q.nodeId.startsWith('t'))
      expect(q.section, q.nodeId).toBe(truth.questions.find((o) => o.nodeId.startsWith('t'))?.section);
    else expect(heading, q.nodeId).toBe(q.section);
    const place = q.answerPlace;
    expect(doc.nodes.has(place.nodeId), place.nodeId).toBe(true);
    if (place.kind === 'checkbox') expect(doc.text(place.nodeId), place.nodeId).toMatch(/^☐ Yes\s+☐ No$/);
    else if (place.kind === 'symbol-checkbox') {
      // Two boxes drawn in a symbol font: Wingdings symbols, or characters typed in Wingdings 2.
      const node = doc.nodes.get(place.nodeId) as Element;
      const inFont = all(node, W, 'rFonts').filter((f) =>
        /^Wingdings/.test(f.getAttributeNS(W, 'ascii') ?? ''),
      );
      expect(all(node, W, 'sym').length + inFont.length, place.nodeId).toBe(2);
      expect(doc.text(place.nodeId), place.nodeId).toMatch(/ Yes\s+.* No$/);
    } else if (place.kind === 'labelled-answer')
      expect(doc.text(place.nodeId), place.nodeId).toBe(`Answer: ${q.existingAnswer}`);
    else expect(doc.text(place.nodeId), place.nodeId).toBe('');
    if (place.kind === 'box') {
      const table = doc.tables.get(place.nodeId.split('.')[0]) as Element;
      expect(kids(table, 'tr').length, place.nodeId).toBe(1);
      expect(kids(kids(table, 'tr')[0], 'tc').length, place.nodeId).toBe(1);
    }
    if (place.kind === 'after-label') {
      expect(doc.text(place.labelNodeId ?? ''), place.nodeId).toBe('Response:');
      expect(Number(place.nodeId.slice(1)), place.nodeId).toBe(Number(place.labelNodeId?.slice(1)) + 1);
    }
    if (['empty-paragraph', 'checkbox', 'symbol-checkbox', 'labelled-answer'].includes(place.kind))
      expect(Number(place.nodeId.slice(1)), place.nodeId).toBe(index + 1);
    if (place.kind === 'table-cell') expect(place.nodeId, q.nodeId).toBe(q.nodeId.replace(/\.c0$/, '.c1'));
  }
  for (const n of truth.notQuestions) {
    expect(doc.text(n.nodeId), n.nodeId).toBe(n.text);
    if (n.why === 'instruction') expect(n.text, n.nodeId).toMatch(/\?$/);
    if (n.why === 'lead-in') expect(doc.level(n.nodeId), n.nodeId).toBe('0');
  }
}

describe('the questionnaire families (test/fixtures/families)', () => {
  it('are the files the generator writes (npx tsx scripts/fixtures/families.ts)', async () => {
    // Prepare
    const committed = readFamilySet();

    // Act
    const built = await buildFamilySet();

    // Assess
    expect(committed.files.map((f) => `${f.name}.${f.format}`)).toEqual(
      built.files.map((f) => `${f.name}.${f.format}`),
    );
    for (const [i, fixture] of built.files.entries()) {
      expect(committed.files[i].family, fixture.name).toBe(fixture.family);
      expect(committed.files[i].truth, fixture.name).toEqual(fixture.truth);
      expect(Buffer.from(committed.files[i].bytes).equals(Buffer.from(fixture.bytes)), fixture.name).toBe(
        true,
      );
    }
    expect(committed.pairs).toEqual(built.pairs);
  }, 60_000);

  it('cover every family the issue names', () => {
    // Prepare
    const { files, pairs } = readFamilySet();

    // Act
    const byName = new Map(files.map((f) => [f.name, f]));
    const sheetsOf = (name: string) =>
      ((byName.get(name) as FamilyFixture).truth as FamilySpreadsheetTruth).sheets;
    const questions = (name: string) => sheetsOf(name).reduce((n, s) => n + s.questions.length, 0);

    // Assess
    expect(questions('caiq-like')).toBe(261);
    expect(questions('hecvat-like')).toBe(321);
    expect(sheetsOf('hecvat-like')[0]).toMatchObject({
      sheetName: 'START HERE',
      headerRow: null,
      questionRows: [],
    });
    expect(
      sheetsOf('hecvat-like')
        .slice(1)
        .every((s) => s.headerRow === 2 && s.wholeSheetValidation === 'N1:XFD1048576'),
    ).toBe(true);
    expect(byName.get('sig-like')?.format).toBe('xlsm');
    expect(sheetsOf('x-mark')[0].markColumns.map((m) => m.value)).toEqual(['Yes', 'No', 'N/A']);
    expect(sheetsOf('x-mark')[0].exampleRows).toHaveLength(1);
    expect(sheetsOf('protected')[0].protected).toBe(true);
    expect(sheetsOf('reordered-tabs').map((s) => s.partName)).not.toEqual(
      [...sheetsOf('reordered-tabs').map((s) => s.partName)].sort(),
    );
    const word = byName.get('word-numbered')?.truth as FamilyDocumentTruth;
    expect(new Set(word.questions.map((q) => q.answerPlace.kind))).toEqual(
      new Set([
        'empty-paragraph',
        'box',
        'after-label',
        'table-cell',
        'checkbox',
        'symbol-checkbox',
        'labelled-answer',
      ]),
    );
    // Sub-questions numbered by a new list of their own (1. again) under a lead-in.
    expect(word.questions.some((q) => q.label === '1.' && q.reference.includes('.'))).toBe(true);
    expect(word.notQuestions.some((n) => n.why === 'instruction' && n.text.endsWith('?'))).toBe(true);
    expect(pairs.map((p) => p.name)).toEqual(['versions']);
  });

  it.each(
    readFamilySet()
      .files.filter((f) => f.format !== 'docx')
      .map((f) => [f.name, f] as const),
  )('%s: its truth agrees with the workbook', (_name, fixture: FamilyFixture) => {
    // Prepare
    const { truth, bytes, format } = fixture as Extract<FamilyFixture, { format: 'xlsx' | 'xlsm' }>;

    // Act
    const book = openWorkbook(bytes);

    // Assess
    expect(book.sheets.map((s) => s.name)).toEqual(truth.sheets.map((s) => s.sheetName));
    for (const sheet of truth.sheets) checkSheet(book, sheet);
    const macro = 'xl/vbaProject.bin' in book.files;
    expect(macro).toBe(format === 'xlsm');
    expect(book.contentTypes.includes('application/vnd.ms-excel.sheet.macroEnabled.main+xml')).toBe(macro);
    if (macro)
      expect(Array.from(book.files['xl/vbaProject.bin'].slice(0, 4))).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
  });

  it('word-numbered: its truth agrees with the document', () => {
    // Prepare
    const fixture = readFamilySet().files.find((f) => f.name === 'word-numbered') as Extract<
      FamilyFixture,
      { format: 'docx' }
    >;

    // Act
    const numbering = strFromU8(unzipSync(fixture.bytes)['word/numbering.xml']);

    // Assess
    checkDocument(fixture.bytes, fixture.truth);
    expect(numbering).toContain('<w:lvlText w:val="%1.%2"/>');
    expect(numbering).toContain('<w:numFmt w:val="lowerLetter"/>');
  });

  it('versions: the mapping names every question row of both versions once', () => {
    // Prepare
    const { files, pairs } = readFamilySet();
    const [{ mapping }] = pairs;
    const sheet = (name: string) =>
      ((files.find((f) => f.name === name) as FamilyFixture).truth as FamilySpreadsheetTruth).sheets[
        mapping.sheetIndex
      ];
    const v1 = sheet(mapping.v1);
    const v2 = sheet(mapping.v2);

    // Act
    const v1Rows = mapping.rows.flatMap((r) => (r.v1Row === null ? [] : [r.v1Row]));
    const v2Rows = mapping.rows.flatMap((r) => (r.v2Row === null ? [] : [r.v2Row]));
    const textOf = (truth: FamilySheetTruth, row: number | null) =>
      truth.questions.find((q) => q.row === row)?.text;

    // Assess
    expect([...v1Rows].sort((a, b) => a - b)).toEqual(v1.questionRows);
    expect([...v2Rows].sort((a, b) => a - b)).toEqual(v2.questionRows);
    expect(v1.questionRows).toHaveLength(100);
    for (const row of mapping.rows) {
      expect(row.v1Row === null, JSON.stringify(row)).toBe(row.change === 'inserted');
      expect(row.v2Row === null, JSON.stringify(row)).toBe(row.change === 'removed');
      if (row.change === 'unchanged') expect(textOf(v2, row.v2Row)).toBe(textOf(v1, row.v1Row));
      if (row.change === 'reworded') expect(textOf(v2, row.v2Row)).not.toBe(textOf(v1, row.v1Row));
      if (row.change === 'inserted')
        expect(v1.questions.map((q) => q.text)).not.toContain(textOf(v2, row.v2Row));
    }
    // Later rows shifted: some unchanged question moved to another row.
    expect(mapping.rows.some((r) => r.change === 'unchanged' && r.v1Row !== r.v2Row)).toBe(true);
    for (const change of ['unchanged', 'reworded', 'inserted', 'removed'])
      expect(
        mapping.rows.some((r) => r.change === change),
        change,
      ).toBe(true);
  });
});
