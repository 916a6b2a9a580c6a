/**
 * Importing questionnaires end to end through the local gateway (issue 11): upload (checked by its
 * bytes), the processing job (PROCESSING → READY or FAILED with a reason, SOURCE_UPDATED live),
 * sheets with detected layouts, configuration into questions that never duplicates or loses an
 * answer, the spec's sheet rules, versions, Word documents, bad files, PRIVATE projects and roles.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/common/entities';
import { REASONS } from '../../functions/common/formats/zip-guard';
import { INLINE_QUESTIONS, SHEET_APPLYING } from '../../functions/sources/configure';
import { OVER_BUDGET, handler as sourceProcessor } from '../../functions/sources/processor';
import {
  hugeSharedStringXlsx,
  listValidation,
  lyingSizesXlsx,
  mergedRanges,
  oversizedDocx,
  questionnaireXlsxWith,
} from '../../scripts/fixtures/hostile-zips';
import { buildQuestionnaireDocx } from '../../scripts/fixtures/word';
import { buildQuestionnaireCsv, buildQuestionnaireXlsx } from '../../scripts/fixtures/workbooks';
import type { ProjectDashboard } from '../../shared/schemas/project';
import type { Question } from '../../shared/schemas/question';
import {
  type DocumentContent,
  type DocumentDetail,
  SheetContent,
  type SheetDetail,
  SOURCE_MESSAGES,
  type Source,
} from '../../shared/schemas/source';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';
import { importSource, uploadSource } from '../support/sources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
let admin: Person;
let member: Person;
let viewer: Person;
let outsider: Person;
const as = (person: Person) => api.as(person.token);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

async function createProject(name: string) {
  return ok<{ projectId: string }>(await as(admin).call('createProject', { body: { name } }), 'createProject')
    .projectId;
}

async function linkedQuestions(projectId: string) {
  await stack.settle();
  const page = ok<{ items: Question[] }>(
    await as(admin).call('listQuestions', { params: { projectId }, query: { limit: 1000 } }),
    'listQuestions',
  );
  return page.items;
}

async function dashboard(projectId: string) {
  await stack.settle();
  return ok<ProjectDashboard>(
    await as(admin).call('getProjectDashboard', { params: { projectId } }),
    'getProjectDashboard',
  );
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register, join } = people(stack, api);
  admin = await register('ines@umbrella.test', 'Umbrella Assurance', {
    givenName: 'Ines',
    lastName: 'Importer',
  });
  [member, viewer, outsider] = await Promise.all([
    join(admin, 'mia@umbrella.test', 'ROLE_MEMBER', { givenName: 'Mia', lastName: 'Member' }),
    join(admin, 'vic@umbrella.test', 'ROLE_VIEWER', { givenName: 'Vic', lastName: 'Viewer' }),
    register('owen@other.test', 'Other Co', { givenName: 'Owen', lastName: 'Other' }),
  ]);
}, 180_000);

afterAll(() => resources.stopAll());

describe('spreadsheet import', () => {
  let projectId: string;
  let source: Source;
  let built: Awaited<ReturnType<typeof buildQuestionnaireXlsx>>;
  let sheetId: string;
  let watcher: Awaited<ReturnType<typeof connectLiveSocket>>;
  const sourceEvents = () => watcher.received.filter((m) => m.eventName === 'SOURCE_UPDATED');

  it('processes an upload live: PROCESSING, then READY with every sheet and a detected layout', async () => {
    // Prepare
    projectId = await createProject('Acme vendor review');
    built = await buildQuestionnaireXlsx({ questions: 25 });
    watcher = await connectLiveSocket(stack.appUrl, admin.token, 'admin-watching-sources');
    resources.add(() => watcher.socket.close());
    watcher.socket.send(JSON.stringify({ action: 'subscribe', scope: { kind: 'project', id: projectId } }));
    await watcher.waitFor((m) => m.eventName === 'WS-SUBSCRIBED');

    // Act
    source = await importSource(as(admin), projectId, 'Acme security questionnaire.xlsx', built.bytes);

    // Assess
    expect(source.status).toBe('READY');
    expect(source.fileFormat).toBe('xlsx');
    expect(source.sheets.map((s) => s.sheetName)).toEqual(['Instructions', 'Questionnaire']);
    sheetId = source.sheets[1].sheetId;
    await watcher.waitFor((m) => m.eventName === 'SOURCE_UPDATED' && m.data.status === 'READY');
    expect(sourceEvents().map((m) => m.data)).toEqual([
      expect.objectContaining({ projectId, projectSourceId: source.projectSourceId, status: 'PROCESSING' }),
      expect.objectContaining({ projectId, projectSourceId: source.projectSourceId, status: 'READY' }),
    ]);
    const listed = ok<Source[]>(
      await as(admin).call('listSources', { params: { projectId } }),
      'listSources',
    );
    expect(listed.map((s) => s.projectSourceId)).toEqual([source.projectSourceId]);

    const detail = ok<SheetDetail>(
      await as(admin).call('getSheet', {
        params: { projectId, projectSourceId: source.projectSourceId, sheetId },
      }),
      'getSheet',
    );
    expect(detail.configured).toBe(false);
    expect(detail.suggestion.headerRow).toBe(built.headerRow);
    expect(detail.suggestion.questionRows).toEqual(built.rows.map((r) => r.rowNumber));
    const content = SheetContent.parse(await (await fetch(detail.contentUrl)).json());
    expect(content.rows[built.rows[0].rowNumber - 1].cells[2]).toBe(built.rows[0].question);
  });

  it('creates the questions in row order, then never duplicates one or loses its answer', async () => {
    const params = { projectId, projectSourceId: source.projectSourceId, sheetId };
    const detail = ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet');
    const body = {
      columnClassifications: detail.suggestion.columnClassifications,
      isLinked: true,
      rowInclusion: detail.suggestion.questionRows.map((rowNumber) => ({ rowNumber, isLinked: true })),
      version: detail.version,
    };

    // Act: save the detected layout.
    const first = ok(await as(admin).call('configureSheet', { params, body }), 'configureSheet');

    // Assess
    expect(first).toMatchObject({ created: 25, updated: 0, unlinked: 0, questionCount: 25, version: 2 });
    const questions = await linkedQuestions(projectId);
    expect(questions.map((q) => q.question)).toEqual(built.rows.map((r) => r.question));
    expect(questions[0].referenceNumber).toBe(built.rows[0].reference);
    expect(questions.every((q) => q.creationType === 'IMPORTED' && q.responseStatus === 'INCOMPLETE')).toBe(
      true,
    );
    expect((await dashboard(projectId)).totalQuestions).toBe(25);
    // The saved configuration is announced too (the Question Sources dialog follows it).
    await eventually(() => expect(sourceEvents()).toHaveLength(3));
    expect(sourceEvents()[2].data).toMatchObject({
      projectSourceId: source.projectSourceId,
      status: 'READY',
    });

    // An answer, then a column changed: same questions, same answer, no duplicates.
    const answered = questions[0];
    ok(
      await as(admin).call('updateQuestion', {
        params: { projectId, questionId: answered.questionId },
        body: { answer: 'Yes: AES-256 at rest, TLS 1.2+ in transit.', responseClassification: 'COMPLIANT' },
      }),
      'updateQuestion',
    );
    const columns = body.columnClassifications.map((c) =>
      c.columnType === 'REFERENCE_NUMBER' ? { ...c, columnType: 'IGNORE' as const } : c,
    );
    const second = ok(
      await as(admin).call('configureSheet', {
        params,
        body: { ...body, columnClassifications: columns, version: 2 },
      }),
      'configureSheet',
    );
    expect(second).toMatchObject({ created: 0, updated: 25, unlinked: 0 });
    const after = await linkedQuestions(projectId);
    expect(after.map((q) => q.questionId)).toEqual(questions.map((q) => q.questionId));
    expect(after[0].answer).toBe('Yes: AES-256 at rest, TLS 1.2+ in transit.');
    expect(after[0].referenceNumber).toBeUndefined();

    // A row left out unlinks its question; included again, the same question comes back with its answer.
    const without = body.rowInclusion.map((r, i) => (i === 0 ? { ...r, isLinked: false } : r));
    const third = ok(
      await as(admin).call('configureSheet', {
        params,
        body: { ...body, rowInclusion: without, version: 3 },
      }),
      'configureSheet',
    );
    expect(third).toMatchObject({ created: 0, unlinked: 1, questionCount: 24 });
    expect((await linkedQuestions(projectId)).map((q) => q.questionId)).not.toContain(answered.questionId);
    const counts = await dashboard(projectId);
    expect(counts.totalQuestions).toBe(24);
    expect(counts.incompleteQuestions.total).toBe(24);
    expect(counts.compliant.quantity).toBe(0);
    ok(await as(admin).call('configureSheet', { params, body: { ...body, version: 4 } }), 'configureSheet');
    const back = await linkedQuestions(projectId);
    expect(back).toHaveLength(25);
    expect(back[0]).toMatchObject({
      questionId: answered.questionId,
      answer: 'Yes: AES-256 at rest, TLS 1.2+ in transit.',
      responseClassification: 'COMPLIANT',
    });
    expect(new Set(back.map((q) => q.questionId)).size).toBe(25);
    const restored = await dashboard(projectId);
    expect(restored.totalQuestions).toBe(25);
    expect(restored.compliant.quantity).toBe(1);
    const sheet = ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet');
    expect(sheet).toMatchObject({ configured: true, isLinked: true, questionCount: 25, version: 5 });
    expect(sheet.rowInclusion.filter((r) => r.isLinked).map((r) => r.rowNumber)).toEqual(
      built.rows.map((r) => r.rowNumber),
    );
  });

  it("refuses configurations that break the spec's rules, stale versions and foreign callers", async () => {
    const params = { projectId, projectSourceId: source.projectSourceId, sheetId };
    const save = (person: Person, body: Record<string, unknown>) =>
      as(person).call('configureSheet', {
        params,
        body: { isLinked: true, rowInclusion: [], ...body } as never,
      });
    const columns = (...types: string[]) =>
      types.map((columnType, i) => ({ columnNumber: i + 1, columnType }));
    for (const [types, message] of [
      [['IGNORE', 'ANSWER'], 'Please choose a column as Question'],
      [['QUESTION', 'IGNORE'], 'Please choose a column as Answer'],
      [['QUESTION', 'ANSWER', 'ANSWER'], 'Please choose only one column as Answer'],
      [
        ['QUESTION', 'ANSWER', 'COMPLIANCE_STATUS', 'COMPLIANCE_STATUS'],
        'Please choose only one column as Compliance Status',
      ],
    ] as const) {
      const refused = await save(admin, { columnClassifications: columns(...types) });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors.columnClassifications).toEqual([message]);
    }
    const stale = await save(admin, { columnClassifications: columns('QUESTION', 'ANSWER'), version: 1 });
    expect(stale.status).toBe(409);
    expect((await save(viewer, { columnClassifications: columns('QUESTION', 'ANSWER') })).status).toBe(403);
    expect((await save(outsider, { columnClassifications: columns('QUESTION', 'ANSWER') })).status).toBe(404);
    const download = await as(outsider).call('downloadSource', {
      params: { projectId, projectSourceId: source.projectSourceId },
    });
    expect(download.status).toBe(404);
  });

  it('leaves a row marked Not a Question out of the configuration, until it is included again', async () => {
    // Prepare
    const params = { projectId, projectSourceId: source.projectSourceId, sheetId };
    const [, second] = await linkedQuestions(projectId);
    const row = built.rows[1].rowNumber;

    // Act
    ok(
      await as(member).call('markNotAQuestion', { params: { projectId, questionId: second.questionId } }),
      'markNotAQuestion',
    );
    await stack.settle();

    // Assess: the row is out of the stored configuration, and saving that again keeps it out.
    const stored = ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet');
    expect(stored.rowInclusion).toContainEqual({ rowNumber: row, isLinked: false });
    expect(stored.questionCount).toBe(24);
    const body = {
      columnClassifications: stored.columnClassifications,
      isLinked: true,
      rowInclusion: stored.rowInclusion,
      version: stored.version,
    };
    const resaved = ok(await as(admin).call('configureSheet', { params, body }), 'configureSheet');
    expect(resaved).toMatchObject({ created: 0, questionCount: 24 });
    expect((await linkedQuestions(projectId)).map((q) => q.questionId)).not.toContain(second.questionId);

    // Included again on purpose: the same question is back.
    const included = body.rowInclusion.map((r) => (r.rowNumber === row ? { ...r, isLinked: true } : r));
    ok(
      await as(admin).call('configureSheet', {
        params,
        body: { ...body, rowInclusion: included, version: resaved.version },
      }),
      'configureSheet',
    );
    const back = await linkedQuestions(projectId);
    expect(back).toHaveLength(25);
    expect(back[1].questionId).toBe(second.questionId);
    const { data: relinked } = await db()
      .entities.question.get({ teamId: admin.teamId as string, projectId, questionId: second.questionId })
      .go();
    expect(relinked).toMatchObject({ isLinked: true });
    expect(relinked?.unlinkedAs).toBeUndefined();
  });
});

describe('a sheet too large for one request', () => {
  // More questions than INLINE_QUESTIONS: the processing job creates them, not the request.
  const QUESTIONS = INLINE_QUESTIONS + 150;

  it('stores the save at once, creates the questions in the background, and stays idempotent', async () => {
    // Prepare
    const projectId = await createProject('Globex full assessment');
    const built = await buildQuestionnaireXlsx({ questions: QUESTIONS });
    const source = await importSource(as(admin), projectId, 'Globex assessment.xlsx', built.bytes);
    const params = { projectId, projectSourceId: source.projectSourceId, sheetId: source.sheets[1].sheetId };
    const detail = ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet');
    const body = {
      columnClassifications: detail.suggestion.columnClassifications,
      isLinked: true,
      rowInclusion: detail.suggestion.questionRows.map((rowNumber) => ({ rowNumber, isLinked: true })),
      version: detail.version,
    };

    // Act
    const saved = ok(await as(admin).call('configureSheet', { params, body }), 'configureSheet');
    const meanwhile = await as(member).call('configureSheet', { params, body: { ...body, version: 2 } });

    // Assess: answered at once, the sheet busy until the job is done, a second save refused meanwhile.
    expect(saved).toMatchObject({ applying: true, created: 0, questionCount: QUESTIONS, version: 2 });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.message).toBe(SHEET_APPLYING);
    await stack.settle();
    const applied = ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet');
    expect(applied).toMatchObject({
      applying: false,
      questionCount: QUESTIONS,
      version: 2,
      configured: true,
    });
    expect(applied.applyError).toBeUndefined();
    expect((await dashboard(projectId)).totalQuestions).toBe(QUESTIONS);
    const firstPage = await linkedQuestions(projectId);
    expect(firstPage.slice(0, 3).map((q) => q.question)).toEqual(
      built.rows.slice(0, 3).map((r) => r.question),
    );

    // An answer, then the sheet saved again with a column changed: same questions, answer kept.
    const answered = firstPage[0];
    ok(
      await as(admin).call('updateQuestion', {
        params: { projectId, questionId: answered.questionId },
        body: { answer: 'Yes, reviewed every quarter.', responseClassification: 'COMPLIANT' },
      }),
      'updateQuestion',
    );
    const columns = body.columnClassifications.map((c) =>
      c.columnType === 'REFERENCE_NUMBER' ? { ...c, columnType: 'IGNORE' as const } : c,
    );
    const again = ok(
      await as(admin).call('configureSheet', {
        params,
        body: { ...body, columnClassifications: columns, version: 2 },
      }),
      'configureSheet',
    );
    expect(again).toMatchObject({ applying: true, version: 3 });
    await stack.settle();
    const counts = await dashboard(projectId);
    expect(counts.totalQuestions).toBe(QUESTIONS);
    expect(counts.compliant.quantity).toBe(1);
    const after = await linkedQuestions(projectId);
    expect(after[0]).toMatchObject({
      questionId: answered.questionId,
      answer: 'Yes, reviewed every quarter.',
    });
    expect(after[0].referenceNumber).toBeUndefined();

    // Left out as a whole: every question unlinked by the job, the count back to 0.
    ok(
      await as(admin).call('configureSheet', { params, body: { ...body, isLinked: false, version: 3 } }),
      'configureSheet',
    );
    await stack.settle();
    expect((await dashboard(projectId)).totalQuestions).toBe(0);
    expect(ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet')).toMatchObject({
      applying: false,
      questionCount: 0,
      isLinked: false,
    });
  }, 180_000);
});

describe('a Section column merged down a group of questions', () => {
  it("gives every question of the group the merged cell's section, as Excel shows it", async () => {
    // Prepare: Section merged down B2:B4 (Access Control) and B5:B6 (Encryption).
    const projectId = await createProject('Merged sections');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Questions');
    sheet.addRows([
      ['Ref', 'Section', 'Question', 'Answer'],
      ['1.1', 'Access Control', 'Is multi-factor authentication enforced for administrators?'],
      ['1.2', '', 'Are user access rights reviewed at least quarterly?'],
      ['1.3', '', "Are leavers' accounts disabled within one business day?"],
      ['2.1', 'Encryption', 'Is customer data encrypted at rest?'],
      ['2.2', '', 'Is TLS 1.2 or later required for data in transit?'],
    ]);
    sheet.mergeCells('B2:B4');
    sheet.mergeCells('B5:B6');
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const source = await importSource(as(admin), projectId, 'Merged sections.xlsx', bytes);
    const sheetId = source.sheets![0].sheetId;
    const params = { projectId, projectSourceId: source.projectSourceId, sheetId };
    const detail = ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet');

    // Act
    ok(
      await as(admin).call('configureSheet', {
        params,
        body: {
          columnClassifications: [
            { columnNumber: 1, columnType: 'REFERENCE_NUMBER' },
            { columnNumber: 2, columnType: 'SECTION' },
            { columnNumber: 3, columnType: 'QUESTION' },
            { columnNumber: 4, columnType: 'ANSWER' },
          ],
          isLinked: true,
          rowInclusion: [2, 3, 4, 5, 6].map((rowNumber) => ({ rowNumber, isLinked: true })),
          version: detail.version,
        },
      }),
      'configureSheet',
    );

    // Assess
    const questions = await linkedQuestions(projectId);
    expect(questions.map((q) => [q.referenceNumber, q.sectionDescription])).toEqual([
      ['1.1', 'Access Control'],
      ['1.2', 'Access Control'],
      ['1.3', 'Access Control'],
      ['2.1', 'Encryption'],
      ['2.2', 'Encryption'],
    ]);
  });
});

describe('a file that arrives with answers', () => {
  /** A vendor's half-filled control list: two question columns, guidance, answers and statuses. */
  async function controlList() {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Access control');
    sheet.addRow(['ID', 'Control', 'Detail', 'Guidance', 'Vendor response', 'Status']);
    sheet.addRow([
      'AC-1',
      'Do you enforce multi-factor authentication for administrators?',
      'Include break-glass accounts.',
      'Name the factors in use.',
      'Yes, hardware security keys for every administrator.',
      'Yes',
    ]);
    sheet.addRow([
      'AC-2',
      'Are user access rights reviewed at least quarterly?',
      '',
      '',
      'Reviews are semi-annual today.',
      'partially compliant',
    ]);
    sheet.addRow(['AC-3', 'Do you allow shared or generic accounts?', '', '', '', 'Non-Compliant']);
    sheet.addRow(['AC-4', 'Do you operate mainframe systems?', '', '', 'We run no mainframes.', 'n/a']);
    sheet.addRow(['AC-5', 'Is a password policy enforced?', '', '', 'See policy PS-2.', 'Maybe']);
    sheet.addRow([]);
    sheet.addRow(['AC-6', '', '', 'A row without a question', 'Ignored', 'Yes']);
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }

  it('takes joined question columns, guidance, answers and compliance wording from the cells', async () => {
    // Prepare
    const projectId = await createProject('Initech access review');
    const source = await importSource(as(admin), projectId, 'Initech controls.xlsx', await controlList());
    const [sheet] = source.sheets;
    const params = { projectId, projectSourceId: source.projectSourceId, sheetId: sheet.sheetId };
    const types = ['REFERENCE_NUMBER', 'QUESTION', 'QUESTION', 'INFORMATION', 'ANSWER', 'COMPLIANCE_STATUS'];
    const body = {
      columnClassifications: types.map((columnType, i) => ({ columnNumber: i + 1, columnType })),
      isLinked: true,
      rowInclusion: [
        { rowNumber: 1, isLinked: false },
        ...[2, 3, 4, 5, 6, 7, 8].map((rowNumber) => ({ rowNumber, isLinked: true })),
      ],
      version: sheet.version,
    };

    // Act
    const result = ok(await as(admin).call('configureSheet', { params, body: body as never }), 'configure');

    // Assess: rows without question text (blank, AC-6) give no question.
    expect(result).toMatchObject({ created: 5, questionCount: 5 });
    const questions = await linkedQuestions(projectId);
    expect(questions.map((q) => q.referenceNumber)).toEqual(['AC-1', 'AC-2', 'AC-3', 'AC-4', 'AC-5']);
    expect(questions[0]).toMatchObject({
      question:
        'Do you enforce multi-factor authentication for administrators?\nInclude break-glass accounts.',
      information: 'Name the factors in use.',
      answer: 'Yes, hardware security keys for every administrator.',
      responseStatus: 'IN-PROGRESS',
      responseClassification: 'COMPLIANT',
    });
    expect(questions.map((q) => [q.responseStatus, q.responseClassification])).toEqual([
      ['IN-PROGRESS', 'COMPLIANT'],
      ['IN-PROGRESS', 'PARTIALLY-COMPLIANT'],
      ['INCOMPLETE', 'NON-COMPLIANT'],
      ['IN-PROGRESS', 'NOT-APPLICABLE'],
      ['IN-PROGRESS', 'INCOMPLETE'],
    ]);
    expect(questions[2].answer).toBe('');
    const counts = await dashboard(projectId);
    expect(counts.totalQuestions).toBe(5);
    expect(counts.notCompliant.quantity).toBe(1);
    expect(counts.partiallyCompliant.quantity).toBe(1);

    // Act: the whole sheet left out.
    const off = ok(
      await as(admin).call('configureSheet', {
        params,
        body: { ...body, isLinked: false, version: result.version } as never,
      }),
      'configure unlinked',
    );

    // Assess: every question leaves the list and the counts; the sheet says so.
    expect(off).toMatchObject({ created: 0, unlinked: 5, questionCount: 0 });
    expect(await linkedQuestions(projectId)).toEqual([]);
    expect((await dashboard(projectId)).totalQuestions).toBe(0);
    const after = ok<Source>(
      await as(admin).call('getSource', { params: { projectId, projectSourceId: source.projectSourceId } }),
      'getSource',
    );
    expect(after.sheets[0]).toMatchObject({ isLinked: false, configured: true, questionCount: 0 });
  });

  it('reads a CSV as one sheet named after the file, with its question rows detected', async () => {
    // Prepare
    const projectId = await createProject('Hooli CSV questionnaire');
    const csv = buildQuestionnaireCsv(8);

    // Act
    const source = await importSource(as(admin), projectId, 'Hooli vendor review.csv', strToU8(csv.text));

    // Assess
    expect(source.fileFormat).toBe('csv');
    expect(source.sheets.map((s) => s.sheetName)).toEqual(['Hooli vendor review']);
    const params = { projectId, projectSourceId: source.projectSourceId, sheetId: source.sheets[0].sheetId };
    const detail = ok<SheetDetail>(await as(admin).call('getSheet', { params }), 'getSheet');
    expect(detail.suggestion.headerRow).toBe(1);
    expect(detail.suggestion.questionRows).toEqual(csv.rows.map((r) => r.rowNumber));
    const result = ok(
      await as(admin).call('configureSheet', {
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
    expect(result).toMatchObject({ created: 8, questionCount: 8 });
    expect((await linkedQuestions(projectId)).map((q) => q.question)).toEqual(
      csv.rows.map((r) => r.question),
    );
  });
});

describe('Word import', () => {
  it('keeps a number typed before a paragraph question as its reference, and an answer label out of the answer', async () => {
    // Prepare: paragraphs numbered by hand (not Word's numbering), as many questionnaires are typed,
    // each followed by its answer place: a bare "Answer:" label, and a label with an answer after it.
    const projectId = await createProject('Typed numbers');
    const typed = [
      ['B.1 Describe your incident response process.', 'Answer:'],
      ['B.2 Do you encrypt backups at rest?', 'Answer: Yes, nightly, with AES-256.'],
      ['10 employees or more: do you run background checks on all of them?', ''],
    ];
    const document = new Document({
      sections: [
        {
          children: typed.flatMap(([question, place]) => [
            new Paragraph({ text: question }),
            new Paragraph({ text: place }),
          ]),
        },
      ],
    });
    const bytes = new Uint8Array(await Packer.toBuffer(document));
    const source = await importSource(as(admin), projectId, 'Typed numbers.docx', bytes);
    const params = { projectId, projectSourceId: source.projectSourceId };
    const detail = ok<DocumentDetail>(await as(admin).call('getDocument', { params }), 'getDocument');
    const content = (await (await fetch(detail.contentUrl)).json()) as DocumentContent;
    const annotations = typed.flatMap(([question]) => {
      const at = content.nodes.findIndex((n) => n.text === question);
      const node = content.nodes[at];
      const place = content.nodes[at + 1];
      return [
        {
          nodeId: node.nodeId,
          annotationType: 'QUESTION' as const,
          inTable: false,
          hasContent: true,
          text: '',
        },
        {
          nodeId: place.nodeId,
          annotationType: 'ANSWER' as const,
          parentNodeId: node.nodeId,
          inTable: false,
          hasContent: place.text !== '',
          text: '',
        },
      ];
    });

    // Act
    ok(
      await as(admin).call('configureDocument', {
        params,
        body: { annotations, configuration: detail.configuration, isLinked: true, version: detail.version },
      }),
      'configureDocument',
    );

    // Assess: a number that is only the start of a sentence stays in it; a label alone is no answer.
    const questions = await linkedQuestions(projectId);
    expect(questions.map((q) => [q.referenceNumber, q.question, q.answer, q.responseStatus])).toEqual([
      ['B.1', 'Describe your incident response process.', '', 'INCOMPLETE'],
      ['B.2', 'Do you encrypt backups at rest?', 'Yes, nightly, with AES-256.', 'IN-PROGRESS'],
      [undefined, '10 employees or more: do you run background checks on all of them?', '', 'INCOMPLETE'],
    ]);
  });

  it('configures the detected questions with the text taken from the document, idempotently', async () => {
    // Prepare
    const projectId = await createProject('Globex supplier questionnaire');
    const built = await buildQuestionnaireDocx({ paragraphs: 4, tableRows: 3 });
    const source = await importSource(as(admin), projectId, 'Globex questionnaire.docx', built.bytes);
    expect(source).toMatchObject({ status: 'READY', fileFormat: 'docx', sheets: [] });
    const params = { projectId, projectSourceId: source.projectSourceId };
    const detail = ok<DocumentDetail>(await as(admin).call('getDocument', { params }), 'getDocument');
    expect(detail.configured).toBe(false);
    const content = (await (await fetch(detail.contentUrl)).json()) as DocumentContent;
    const intro = content.nodes.find((n) => n.text.startsWith('Please answer each question'))!;
    const firstQuestion = detail.suggestion.find((a) => a.annotationType === 'QUESTION')!;
    // The introduction marked as the first question's answer: an answer the file already holds.
    const annotations = [
      ...detail.suggestion.map((a) => ({ ...a, text: 'client text is ignored' })),
      {
        nodeId: intro.nodeId,
        annotationType: 'ANSWER' as const,
        parentNodeId: firstQuestion.nodeId,
        inTable: false,
        hasContent: true,
        text: 'client text is ignored',
      },
    ];
    const body = { annotations, configuration: detail.configuration, isLinked: true };

    // Act
    const result = ok(
      await as(admin).call('configureDocument', { params, body: { ...body, version: detail.version } }),
      'configureDocument',
    );

    // Assess
    expect(result).toMatchObject({ created: 7, questionCount: 7 });
    const questions = await linkedQuestions(projectId);
    expect(questions.map((q) => q.question)).toEqual([...built.paragraphQuestions, ...built.tableQuestions]);
    expect(questions[0]).toMatchObject({ answer: intro.text, responseStatus: 'IN-PROGRESS' });
    expect(questions.slice(1).every((q) => q.answer === '')).toBe(true);
    const saved = ok<DocumentDetail>(await as(admin).call('getDocument', { params }), 'getDocument');
    expect(saved).toMatchObject({ configured: true, questionCount: 7, version: result.version });
    expect(saved.annotations.find((a) => a.nodeId === firstQuestion.nodeId)?.text).toBe(
      built.paragraphQuestions[0],
    );

    // Act: saved again, then a stale save.
    const again = ok(
      await as(admin).call('configureDocument', { params, body: { ...body, version: result.version } }),
      'configureDocument again',
    );
    const stale = await as(admin).call('configureDocument', { params, body: { ...body, version: 1 } });

    // Assess: nothing duplicated or changed.
    expect(again).toMatchObject({ created: 0, updated: 0, unlinked: 0, questionCount: 7 });
    expect((await linkedQuestions(projectId)).map((q) => q.questionId)).toEqual(
      questions.map((q) => q.questionId),
    );
    expect(stale.status).toBe(409);

    // Act: the first question (with its answer) marked Not a Question in the answering screen.
    ok(
      await as(admin).call('markNotAQuestion', {
        params: { projectId, questionId: questions[0].questionId },
      }),
      'markNotAQuestion',
    );
    await stack.settle();

    // Assess: it and its linked answer leave the annotations; the stored configuration keeps it out.
    const pruned = ok<DocumentDetail>(await as(admin).call('getDocument', { params }), 'getDocument');
    expect(pruned.questionCount).toBe(6);
    expect(pruned.version).toBe(again.version + 1);
    expect(
      pruned.annotations.filter(
        (a) => a.nodeId === firstQuestion.nodeId || a.parentNodeId === firstQuestion.nodeId,
      ),
    ).toEqual([]);
    const ofFirst = annotations.filter(
      (a) =>
        a.nodeId === firstQuestion.nodeId || ('parentNodeId' in a && a.parentNodeId === firstQuestion.nodeId),
    );
    expect(ofFirst.length).toBeGreaterThanOrEqual(2);
    expect(pruned.annotations).toHaveLength(annotations.length - ofFirst.length);

    // Act: the document left out.
    const off = ok(
      await as(admin).call('configureDocument', {
        params,
        body: { ...body, isLinked: false, version: pruned.version },
      }),
      'configureDocument unlinked',
    );

    // Assess
    expect(off).toMatchObject({ unlinked: 6, questionCount: 0 });
    expect(await linkedQuestions(projectId)).toEqual([]);
  });

  it('refuses annotations on nodes the document lacks, and parts that belong to no question', async () => {
    // Prepare
    const projectId = await createProject('Globex annotations');
    const built = await buildQuestionnaireDocx({ paragraphs: 2, tableRows: 1 });
    const source = await importSource(as(admin), projectId, 'Globex short.docx', built.bytes);
    const params = { projectId, projectSourceId: source.projectSourceId };
    const detail = ok<DocumentDetail>(await as(admin).call('getDocument', { params }), 'getDocument');
    const question = detail.suggestion.find((a) => a.annotationType === 'QUESTION')!;
    const answer = (nodeId: string, parentNodeId?: string) => ({
      nodeId,
      annotationType: 'ANSWER' as const,
      parentNodeId,
      inTable: false,
      hasContent: false,
      text: '',
    });
    const save = (annotations: unknown[]) =>
      as(admin).call('configureDocument', {
        params,
        body: { annotations, configuration: detail.configuration, isLinked: true } as never,
      });

    // Act
    const refused = [
      await save([{ ...question, nodeId: 'p9999' }]),
      await save([answer('p1', 'p0')]),
      await save([answer(question.nodeId)]),
      await save([question, answer('p1', 'p9999')]),
    ];
    const viewerSave = await as(viewer).call('configureDocument', {
      params,
      body: { annotations: detail.suggestion, configuration: detail.configuration, isLinked: true },
    });

    // Assess
    for (const response of refused) {
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.fieldErrors.annotations).toHaveLength(1);
    }
    expect(viewerSave.status).toBe(403);
    expect(await linkedQuestions(projectId)).toEqual([]);
  });
});

describe('who may import', () => {
  it('lets members import into open projects they can see, and nobody else', async () => {
    // Prepare
    const projectId = await createProject('Wayne supplier review');
    const csv = strToU8(buildQuestionnaireCsv(3).text);
    const start = (person: Person, id = projectId, fileName = 'Wayne review.csv') =>
      as(person).call('createSource', {
        params: { projectId: id },
        body: { fileName, contentType: 'text/csv' },
      });

    // Act: a member uploads; someone else tries to complete it.
    const projectSourceId = await uploadSource(as(member), projectId, 'Wayne review.csv', csv);
    const byOther = await as(admin).call('completeSource', {
      params: { projectId },
      body: { projectSourceId },
    });
    const byOwner = await as(member).call('completeSource', {
      params: { projectId },
      body: { projectSourceId },
    });
    const twice = await as(member).call('completeSource', {
      params: { projectId },
      body: { projectSourceId },
    });

    // Assess
    expect(byOther.status).toBe(403);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data).toMatchObject({ projectSourceId, status: 'PROCESSING' });
    expect(twice.status).toBe(409);
    expect((await start(viewer)).status).toBe(403);
    expect((await start(outsider)).status).toBe(404);
    const unsupported = await start(member, projectId, 'answers.pdf');
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.fieldErrors.fileName).toEqual([SOURCE_MESSAGES.uploadError]);
    // Viewers see the sources.
    const seen = ok<Source[]>(await as(viewer).call('listSources', { params: { projectId } }), 'listSources');
    expect(seen.map((s) => s.projectSourceId)).toEqual([projectSourceId]);
  });

  it('answers 404 for everything of a PRIVATE project the caller is not on', async () => {
    // Prepare: a source in the project, then the project made private to its creator.
    const created = ok<{ projectId: string; version: number }>(
      await as(admin).call('createProject', { body: { name: 'Stark private review' } }),
      'createProject',
    );
    const { projectId } = created;
    const source = await importSource(
      as(admin),
      projectId,
      'Stark review.csv',
      strToU8(buildQuestionnaireCsv(3).text),
    );
    const sheetId = source.sheets[0].sheetId;
    ok(
      await as(admin).call('updateProjectAccess', {
        params: { projectId },
        body: { accessVisibility: 'PRIVATE', shareWith: [], version: created.version },
      }),
      'updateProjectAccess',
    );
    const params = { projectId, projectSourceId: source.projectSourceId };
    const configure = {
      columnClassifications: [
        { columnNumber: 3, columnType: 'QUESTION' as const },
        { columnNumber: 4, columnType: 'ANSWER' as const },
      ],
      isLinked: true,
      rowInclusion: [{ rowNumber: 2, isLinked: true }],
    };

    // Act
    const responses = {
      listSources: await as(member).call('listSources', { params: { projectId } }),
      createSource: await as(member).call('createSource', {
        params: { projectId },
        body: { fileName: 'More.csv', contentType: 'text/csv' },
      }),
      getSource: await as(member).call('getSource', { params }),
      getSheet: await as(member).call('getSheet', { params: { ...params, sheetId } }),
      configureSheet: await as(member).call('configureSheet', {
        params: { ...params, sheetId },
        body: configure,
      }),
      downloadSource: await as(member).call('downloadSource', { params }),
    };

    // Assess
    for (const [route, response] of Object.entries(responses)) expect(response.status, route).toBe(404);
    expect((await as(admin).call('getSheet', { params: { ...params, sheetId } })).status).toBe(200);
  });

  it('refuses imports into a closed project with the reason', async () => {
    // Prepare
    const projectId = await createProject('Cyberdyne closed review');
    const source = await importSource(
      as(admin),
      projectId,
      'Cyberdyne.csv',
      strToU8(buildQuestionnaireCsv(2).text),
    );
    ok(
      await as(admin).call('updateProject', { params: { projectId }, body: { projectStatus: 'COMPLETE' } }),
      'close project',
    );

    // Act
    const started = await as(admin).call('createSource', {
      params: { projectId },
      body: { fileName: 'Another.xlsx', contentType: 'application/octet-stream' },
    });
    const configured = await as(admin).call('configureSheet', {
      params: { projectId, projectSourceId: source.projectSourceId, sheetId: source.sheets[0].sheetId },
      body: {
        columnClassifications: [
          { columnNumber: 3, columnType: 'QUESTION' },
          { columnNumber: 4, columnType: 'ANSWER' },
        ],
        isLinked: true,
        rowInclusion: [{ rowNumber: 2, isLinked: true }],
      },
    });

    // Assess
    expect(started.status).toBe(409);
    expect(started.body.message).toBe('This project is closed. Re-open it to add questions.');
    expect(configured.status).toBe(409);
    expect(await linkedQuestions(projectId)).toEqual([]);
  });
});

describe('bad files', () => {
  const MIB = 1024 * 1024;
  it('gives each refused file a reason on its source and leaves the project unharmed', async () => {
    // Prepare
    const projectId = await createProject('Bad files');
    const real = (await buildQuestionnaireXlsx({ questions: 5 })).bytes;
    const cases: Array<[string, Uint8Array, string]> = [
      ['empty.csv', new Uint8Array(), REASONS.empty],
      [
        'protected.xlsx',
        new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(600)]),
        REASONS.protectedOrLegacy,
      ],
      ['binary.csv', new Uint8Array(4096).map((_, i) => (i * 7919) % 256), REASONS.binaryCsv],
      ['broken.xlsx', real.subarray(0, Math.floor(real.length / 2)), REASONS.corrupted],
      // Memory amplification (issue 25): each about a megabyte, refused as soon as a part passes its cap.
      ['huge answer.xlsx', hugeSharedStringXlsx(100 * MIB, 4096), REASONS.sharedStringsTooBig],
      ['lying sizes.xlsx', lyingSizesXlsx(100 * MIB), REASONS.worksheetTooBig],
      // A merge over whole rows and columns: refused before exceljs would model each of its cells.
      [
        'whole-sheet merge.xlsx',
        questionnaireXlsxWith(mergedRanges(['C3:XFD1048576'])),
        REASONS.mergesTooBig,
      ],
      [
        'oversized.docx',
        oversizedDocx(60 * MIB, 'Describe how customer data is encrypted at rest. '.repeat(40)),
        REASONS.documentTooBig,
      ],
    ];

    for (const [fileName, bytes, reason] of cases) {
      // Act
      let failed: Source;
      // (S3 refuses an empty body by the POST policy; the local store does not, so the check below is seen.)
      const projectSourceId = await uploadSource(as(admin), projectId, fileName, bytes);
      const completed = await as(admin).call('completeSource', {
        params: { projectId },
        body: { projectSourceId },
      });
      if (completed.status === 200) {
        failed = await eventually(async () => {
          const s = ok<Source>(
            await as(admin).call('getSource', { params: { projectId, projectSourceId } }),
            'getSource',
          );
          expect(s.status).toBe('FAILED');
          return s;
        });
      } else {
        expect(completed.status, fileName).toBe(422);
        expect(completed.body.message).toBe(SOURCE_MESSAGES.uploadError);
        failed = ok<Source>(
          await as(admin).call('getSource', { params: { projectId, projectSourceId } }),
          'getSource',
        );
      }

      // Assess
      expect(failed.status, fileName).toBe('FAILED');
      expect(failed.failureReason, fileName).toBe(reason);
    }
    expect(await linkedQuestions(projectId)).toEqual([]);
    const listed = ok<Source[]>(
      await as(admin).call('listSources', { params: { projectId } }),
      'listSources',
    );
    expect(listed.every((s) => s.status === 'FAILED')).toBe(true);
  });

  it('reads a workbook with a whole-sheet data validation at once, and every route answers meanwhile', async () => {
    // Prepare: an older HECVAT's list validation over N1:XFD1048576 (one such file once held the
    // local stack at 100% of a core for minutes, every route unanswered).
    const projectId = await createProject('Whole-sheet validation');
    const bytes = questionnaireXlsxWith(listValidation('N1:XFD1048576'));

    // Act: the import, with the health route called while it is processed.
    const health: number[] = [];
    let importing = true;
    const polling = (async () => {
      while (importing) {
        health.push((await fetch(`${stack.appUrl}/api/health`)).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const source = await importSource(as(admin), projectId, 'HECVAT-like.xlsx', bytes);
    importing = false;
    await polling;

    // Assess
    expect(source.status).toBe('READY');
    expect(source.sheets?.map((sheet) => sheet.sheetName)).toEqual(['Questions']);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((status) => status === 200)).toBe(true);
  });

  it('marks a file FAILED, with the reason, when its reading outlived the job (the message came back)', async () => {
    // Prepare: an upload completed while the job's queue is held, so the source stays PROCESSING, as
    // it would after the processing function timed out or ran out of memory mid-file.
    const projectId = await createProject('Outlived the job');
    const release = stack.jobs.hold();
    let projectSourceId: string;
    try {
      projectSourceId = await uploadSource(
        as(admin),
        projectId,
        'Large assessment.xlsx',
        (await buildQuestionnaireXlsx({ questions: 5 })).bytes,
      );
      ok(
        await as(admin).call('completeSource', { params: { projectId }, body: { projectSourceId } }),
        'completeSource',
      );
      const image = marshall({
        __edb_e__: 'source',
        teamId: admin.teamId,
        projectId,
        projectSourceId,
        status: 'PROCESSING',
      });

      // Act: the processing job's queue hands the message out again (its second receive).
      const answer = await sourceProcessor({
        Records: [
          {
            messageId: 'second-receive',
            receiptHandle: 'second-receive',
            body: JSON.stringify({ record: { eventName: 'MODIFY', dynamodb: { NewImage: image } } }),
            attributes: { ApproximateReceiveCount: '2' },
            messageAttributes: {},
            md5OfBody: '',
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:ap-southeast-2:000000000000:sourceProcessor',
            awsRegion: 'ap-southeast-2',
          } as unknown as SQSRecord,
        ],
      });
      expect(answer.batchItemFailures).toEqual([]);
    } finally {
      release();
    }
    await stack.settle();

    // Assess: FAILED with the reason, and the first delivery, let go afterwards, did not read it again.
    const source = ok<Source>(
      await as(admin).call('getSource', { params: { projectId, projectSourceId } }),
      'getSource',
    );
    expect(source.status).toBe('FAILED');
    expect(source.failureReason).toBe(OVER_BUDGET);
  });
});
