/**
 * Issue 11's walk, as a newcomer does it: a questionnaire spreadsheet and a Word questionnaire are
 * imported through Question Sources, their detected configuration confirmed with Save, a few
 * questions answered (through the API), then Export Project downloads each answered questionnaire,
 * and the files are opened with other libraries than the writer's (SheetJS, mammoth): the answers
 * and the compliance wording are where the questions are, the rest of the layout unchanged.
 * Screenshots (1440 px wide) go to test-results/.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mammoth from 'mammoth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { type BuiltDocument, buildQuestionnaireDocx } from '../../scripts/fixtures/word';
import { type BuiltWorkbook, buildQuestionnaireXlsx } from '../../scripts/fixtures/workbooks';
import { DEMO } from '../../scripts/local/provision';
import type { Question } from '../../shared/schemas/question';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, shot, signInLive } from './support';

const FILES = join(tmpdir(), `import-export-${process.pid}`);
const XLSX_NAME = 'Globex Vendor Security Assessment.xlsx';
const DOCX_NAME = 'Globex Data Protection Questionnaire.docx';

let stack: TestStack;
let browser: Browser;
let page: Page;
let token: string;
/** One project per file: the two questionnaires share questions of the public corpus. */
const projects = { sheet: '', word: '' };
let workbook: BuiltWorkbook;
let document: BuiltDocument;
const api = client(() => stack);
const resources = new Resources();

beforeAll(async () => {
  assertSpaBuilt();
  mkdirSync(FILES, { recursive: true });
  resources.add(() => rmSync(FILES, { recursive: true, force: true }));
  [stack, browser, workbook, document] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
    buildQuestionnaireXlsx({ questions: 30, title: 'Globex Vendor Security Assessment' }),
    buildQuestionnaireDocx({ paragraphs: 4, tableRows: 3 }),
  ]);
  writeFileSync(join(FILES, XLSX_NAME), workbook.bytes);
  writeFileSync(join(FILES, DOCX_NAME), document.bytes);
  token = await stack.signIn(DEMO.email, DEMO.password);
  for (const [key, name] of [
    ['sheet', 'Globex security review 2027'],
    ['word', 'Globex data protection 2027'],
  ] as const) {
    const created = await api.call('createProject', { token, body: { name } });
    projects[key] = created.body.data.projectId;
  }
  page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });
}, 180_000);

afterAll(() => resources.stopAll());

async function manage(item: string) {
  await page.getByRole('button', { name: 'Manage Project' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Question Sources → Add File → upload; answers the file's card once it is Ready. */
async function importFile(fileName: string) {
  const sources = page.getByRole('dialog', { name: 'Question Sources' });
  await sources.getByRole('button', { name: 'Add File' }).click();
  const addFile = page.getByRole('dialog', { name: 'Add File' });
  await addFile.locator('input[type=file]').setInputFiles(join(FILES, fileName));
  await addFile.getByRole('button', { name: 'Upload' }).click();
  const card = sources.getByRole('article', { name: fileName });
  await card.getByText('Ready', { exact: true }).waitFor({ timeout: 30_000 });
  return card;
}

async function questionsByText(projectId: string) {
  const listed = await api.call('listQuestions', { token, params: { projectId }, query: { limit: 1000 } });
  return new Map((listed.body.data.items as Question[]).map((q) => [q.question, q]));
}

/** Export Project with one choice; the file the browser downloads. */
async function exportAs(choice: string, answered: string): Promise<Buffer> {
  await manage('Export Project');
  const dialog = page.getByRole('dialog', { name: 'Export Project' });
  await dialog.getByText(choice, { exact: true }).click();
  await dialog.getByText(answered).waitFor();
  await page.waitForTimeout(300);
  await shot(page, `export-${choice.endsWith('.docx') ? 'docx' : 'xlsx'}-preview`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const path = join(FILES, `exported-${Date.now()}`);
  await download.saveAs(path);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return readFileSync(path);
}

const ANSWERS = [
  {
    answer: 'Yes. MFA is enforced for every administrator through our identity provider.',
    classification: 'COMPLIANT',
    // The value the compliance column's drop-down (Yes / No / Partial / N/A) allows for it.
    listed: 'Yes',
  },
  {
    answer: 'Partly: quarterly access reviews cover production; office systems follow in 2027.',
    classification: 'PARTIALLY-COMPLIANT',
    listed: 'Partial',
  },
  {
    answer: 'No. We rely on our hosting provider for physical security of the data centres.',
    classification: 'NON-COMPLIANT',
    listed: 'No',
  },
] as const;

describe('import, answer and export a customer questionnaire', () => {
  it('imports a spreadsheet and a Word questionnaire and saves their detected configuration', async () => {
    // Prepare
    await page.goto(`${stack.appUrl}/Projects/${projects.sheet}`);
    await manage('Question Sources');

    // Act: the spreadsheet, configured as detected.
    const sheetCard = await importFile(XLSX_NAME);
    await sheetCard.getByRole('button', { name: 'Configure Questionnaire' }).click();
    const configure = page.getByRole('dialog', { name: `Configure ${XLSX_NAME}` });
    await configure.getByText('We detected the header, the columns and the question rows').waitFor();
    await shot(page, 'import-export-sheet-detected');
    await configure.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Questionnaire saved: 30 questions created, 0 updated, 0 unlinked')
      .waitFor({ timeout: 60_000 });
    await configure.getByRole('button', { name: 'Close' }).click();

    await page.keyboard.press('Escape');

    // Act: the Word file (in its own project), its detected questions saved.
    await page.goto(`${stack.appUrl}/Projects/${projects.word}`);
    await manage('Question Sources');
    const wordCard = await importFile(DOCX_NAME);
    await wordCard.getByRole('button', { name: /^Configure / }).click();
    const word = page.getByRole('dialog', { name: `Configure ${DOCX_NAME}` });
    const questionCount = document.paragraphQuestions.length + document.tableQuestions.length;
    await word
      .getByText(`We found ${questionCount} questions in this document. Check them, then Save.`)
      .waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'import-export-word-detected');
    await word.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(new RegExp(`${questionCount} questions created`)).waitFor({ timeout: 60_000 });
    await word.getByRole('button', { name: 'Close' }).click();

    // Assess
    const sheetQuestions = await questionsByText(projects.sheet);
    expect([...sheetQuestions.keys()]).toEqual(workbook.rows.map((r) => r.question));
    const wordQuestions = await questionsByText(projects.word);
    expect([...wordQuestions.keys()]).toEqual([...document.paragraphQuestions, ...document.tableQuestions]);
    await page.keyboard.press('Escape');
  });

  it('writes the answers into a copy of the customer’s workbook, layout unchanged', async () => {
    // Prepare: three spreadsheet questions answered.
    const projectId = projects.sheet;
    const questions = await questionsByText(projectId);
    const answered = workbook.rows.slice(0, 3).map((row, i) => ({ row, ...ANSWERS[i] }));
    for (const { row, answer, classification } of answered) {
      const q = questions.get(row.question)!;
      const saved = await api.call('updateQuestion', {
        token,
        params: { projectId, questionId: q.questionId },
        body: { answer, responseClassification: classification },
      });
      expect(saved.status).toBe(200);
    }

    // Act
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    const bytes = await exportAs(XLSX_NAME, '30 questions, 3 answered');

    // Assess: read by SheetJS (the export was written by our own zip writer, not SheetJS).
    const book = XLSX.read(bytes, { type: 'buffer' });
    const original = XLSX.read(workbook.bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(original.SheetNames);
    const sheet = book.Sheets[book.SheetNames[workbook.sheetIndex]];
    const cell = (rowNumber: number, column: number) =>
      String(sheet[XLSX.utils.encode_cell({ r: rowNumber - 1, c: column - 1 })]?.v ?? '');
    for (const { row, answer, listed } of answered) {
      expect(cell(row.rowNumber, workbook.columns.question)).toBe(row.question);
      expect(cell(row.rowNumber, workbook.columns.answer)).toBe(answer);
      // Written as a value the cell's drop-down allows, not the wording the list does not hold.
      expect(cell(row.rowNumber, workbook.columns.compliance)).toBe(listed);
    }
    // An unanswered row keeps an empty answer; the header row is as the customer wrote it.
    expect(cell(workbook.rows[3].rowNumber, workbook.columns.answer)).toBe('');
    const originalSheet = original.Sheets[original.SheetNames[workbook.sheetIndex]];
    for (let c = 1; c <= 5; c++) {
      const address = XLSX.utils.encode_cell({ r: workbook.headerRow - 1, c: c - 1 });
      expect(sheet[address]?.v).toBe(originalSheet[address]?.v);
    }
    expect(sheet['!merges']).toEqual(originalSheet['!merges']);
  });

  it('writes the answers into a copy of the customer’s Word file, after their questions', async () => {
    // Prepare: the first paragraph question and the first table question answered.
    const projectId = projects.word;
    const questions = await questionsByText(projectId);
    const picked = [document.paragraphQuestions[0], document.tableQuestions[0]];
    for (const [i, text] of picked.entries()) {
      const saved = await api.call('updateQuestion', {
        token,
        params: { projectId, questionId: questions.get(text)!.questionId },
        body: { answer: ANSWERS[i].answer, responseClassification: ANSWERS[i].classification },
      });
      expect(saved.status).toBe(200);
    }

    // Act
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    const bytes = await exportAs(DOCX_NAME, '2 answered');

    // Assess: read by mammoth (the export was written by our own document writer).
    const { value: text } = await mammoth.extractRawText({ buffer: bytes });
    for (const [i, question] of picked.entries()) {
      const at = text.indexOf(question);
      expect(at, question).toBeGreaterThanOrEqual(0);
      expect(text.indexOf(ANSWERS[i].answer, at)).toBeGreaterThan(at);
    }
    // Every question of the customer's file is still there, in its order.
    const all = [...document.paragraphQuestions, ...document.tableQuestions];
    const positions = all.map((q) => text.indexOf(q));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
