/**
 * Issue 27's walk, as a newcomer does it with the files customers really send: a CAIQ-like
 * workbook (merged domain rows, a Yes / No / NA drop-down fed by a hidden sheet), a Word
 * questionnaire numbered by Word itself, and an .xlsm with a VBA project and a protected sheet are
 * imported in the browser (Add Questions → Import from a file, then Question Sources → Add File),
 * configured from their detected layout with Save, answered with Fill from library (the drafts
 * reviewed and accepted) and then by hand in the answering screen, and exported with Export
 * Project. Each downloaded file is opened with other libraries than the writer's (SheetJS, fflate,
 * mammoth): every answer is in place, every drop-down cell holds a value its list allows, the macro
 * part is byte for byte the customer's and everything else is unchanged.
 * Screenshots (1440 and 375 px wide) go to a folder under the system temp directory.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { macroQuestionnaire } from '../../scripts/fixtures/hostile-zips';
import { buildNumberedQuestionnaireDocx, type NumberedQuestion } from '../../scripts/fixtures/word';
import { buildCaiqLikeXlsx, type SectionedRow } from '../../scripts/fixtures/workbooks';
import { DEMO } from '../../scripts/local/provision';
import type { Classification, Question } from '../../shared/schemas/question';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, signInLive } from './support';

const SHOTS = process.env.SOURCES_SHOTS ?? join(tmpdir(), 'sources-shots');
const FILES = join(tmpdir(), `real-questionnaires-${process.pid}`);
const CAIQ = 'CAIQv4.0.3 Initech.xlsx';
const WORD = 'Initech Vendor Security Assessment.docx';
const XLSM = 'SIG Lite 2026.xlsm';
/** The macro workbook's questions (its OOXML escapes decoded); B3 and B5 are locked. */
const MACRO_QUESTIONS = [
  'Do you encrypt data at rest?\r\n(AES-256 or stronger)',
  'Is MFA enforced for admin_accounts?',
  'Do you run annual penetration tests?',
  'Do you have a written incident response plan?',
];
const MACRO_UNLOCKED_ROWS = [2, 4];

let stack: TestStack;
let browser: Browser;
let page: Page;
let token: string;
let projectId: string;
const api = client(() => stack);
const resources = new Resources();
let caiq: Awaited<ReturnType<typeof buildCaiqLikeXlsx>>;
let word: Awaited<ReturnType<typeof buildNumberedQuestionnaireDocx>>;
let macro: ReturnType<typeof macroQuestionnaire>;
/** The questions answered by hand, one per file, with what was typed. */
const byHand = new Map<string, { answer: string; classification: Classification }>();

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

beforeAll(async () => {
  assertSpaBuilt();
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(FILES, { recursive: true });
  resources.add(() => rmSync(FILES, { recursive: true, force: true }));
  [stack, browser, caiq, word] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
    buildCaiqLikeXlsx(),
    buildNumberedQuestionnaireDocx(),
  ]);
  macro = macroQuestionnaire();
  writeFileSync(join(FILES, CAIQ), caiq.bytes);
  writeFileSync(join(FILES, WORD), word.bytes);
  writeFileSync(join(FILES, XLSM), macro.bytes);
  token = await stack.signIn(DEMO.email, DEMO.password);
  projectId = ok<{ projectId: string }>(
    await api.call('createProject', { token, body: { name: 'Initech vendor due diligence' } }),
    'createProject',
  ).projectId;
  page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });
}, 180_000);

afterAll(() => resources.stopAll());

async function shot(target: Page, name: string) {
  // Let dialogs finish their opening transition first.
  await target.waitForTimeout(400);
  await target.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function openDashboard() {
  await page.goto(`${stack.appUrl}/Projects/${projectId}`);
  await page.getByRole('button', { name: 'Manage Project' }).waitFor();
}

async function manage(item: string) {
  await page.getByRole('button', { name: 'Manage Project' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

const sourcesDialog = () => page.getByRole('dialog', { name: 'Question Sources' });

/** Chooses the file in the open Add File dialog and uploads it; its card once it is Ready. */
async function upload(fileName: string) {
  const addFile = page.getByRole('dialog', { name: 'Add File' });
  await addFile.locator('input[type=file]').setInputFiles(join(FILES, fileName));
  await addFile.getByText(fileName).waitFor();
  await addFile.getByRole('button', { name: 'Upload' }).click();
  const card = sourcesDialog().getByRole('article', { name: fileName });
  await card.getByText('Ready', { exact: true }).waitFor({ timeout: 45_000 });
  return card;
}

async function questions(): Promise<Question[]> {
  return ok<{ items: Question[] }>(
    await api.call('listQuestions', { token, params: { projectId }, query: { limit: 1000 } }),
    'listQuestions',
  ).items;
}

const questionOf = (all: Question[], text: string) => {
  const found = all.find((q) => q.question === text);
  if (!found) throw new Error(`No question "${text}" in the project`);
  return found;
};

/** Export Project → this file → Export; the downloaded file's name and bytes. */
async function exportFile(fileName: string, shotName: string, reported: string[] = []) {
  await manage('Export Project');
  const dialog = page.getByRole('dialog', { name: 'Export Project' });
  await dialog.getByText(fileName, { exact: true }).click();
  await dialog.getByText(/^\d+ questions, \d+ answered$/).waitFor({ timeout: 30_000 });
  // What the file will not hold is said before the download.
  for (const text of reported) await dialog.getByText(text, { exact: false }).waitFor();
  await shot(page, shotName);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const path = join(FILES, `downloaded-${Date.now()}`);
  await download.saveAs(path);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

/** Every non-empty cell of a sheet, by address, as SheetJS reads its value. */
function cells(sheet: XLSX.WorkSheet): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [address, cell] of Object.entries(sheet)) {
    if (address.startsWith('!')) continue;
    const value = (cell as XLSX.CellObject).v;
    if (value !== undefined && value !== '') out[address] = value;
  }
  return out;
}

const linesOf = async (bytes: Uint8Array) =>
  (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value.split('\n').filter((l) => l.trim());

describe('real questionnaires, imported, answered and exported in the browser', () => {
  it('imports the CAIQ-like workbook, the numbered Word file and the .xlsm and saves their detected configuration', async () => {
    // Prepare
    await openDashboard();
    await shot(page, 'walk-dashboard-empty-1440');

    // Act: the CAIQ workbook through Add Questions → Import from a file.
    await manage('Add Questions');
    await page.getByRole('dialog', { name: 'Add Questions' }).getByText('Import from a file').click();
    const caiqCard = await upload(CAIQ);
    await caiqCard.getByRole('button', { name: 'Configure CAIQv4.0.3' }).click();
    const caiqConfig = page.getByRole('dialog', { name: `Configure ${CAIQ}` });
    await caiqConfig.getByText('We detected the header, the columns and the question rows').waitFor();
    await caiqConfig.getByText(new RegExp(`rows included · ${caiq.rows.length} questions$`)).waitFor();
    await shot(page, 'walk-caiq-detected-1440');
    await caiqConfig.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(`CAIQv4.0.3 saved: ${caiq.rows.length} questions created, 0 updated, 0 unlinked`)
      .waitFor({ timeout: 60_000 });
    await caiqConfig.getByRole('button', { name: 'Close' }).click();
    await caiqConfig.waitFor({ state: 'hidden' });

    // Act: the Word questionnaire through Question Sources → Add File.
    await sourcesDialog().getByRole('button', { name: 'Add File' }).click();
    const wordCard = await upload(WORD);
    await wordCard.getByRole('button', { name: /^Configure / }).click();
    const wordConfig = page.getByRole('dialog', { name: `Configure ${WORD}` });
    await wordConfig
      .getByText(`We found ${word.questions.length} questions in this document. Check them, then Save.`)
      .waitFor();
    await shot(page, 'walk-word-detected-1440');
    await wordConfig.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText(new RegExp(`${word.questions.length} questions created`))
      .waitFor({ timeout: 60_000 });
    await wordConfig.getByRole('button', { name: 'Close' }).click();
    await wordConfig.waitFor({ state: 'hidden' });

    // Act: the macro workbook, its Questions tab.
    await sourcesDialog().getByRole('button', { name: 'Add File' }).click();
    const xlsmCard = await upload(XLSM);
    await xlsmCard.getByRole('button', { name: 'Configure Questions' }).click();
    const xlsmConfig = page.getByRole('dialog', { name: `Configure ${XLSM}` });
    await xlsmConfig.getByText(/rows included · 4 questions$/).waitFor();
    await shot(page, 'walk-xlsm-detected-1440');
    await xlsmConfig.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('Questions saved: 4 questions created, 0 updated, 0 unlinked')
      .waitFor({ timeout: 60_000 });
    await xlsmConfig.getByRole('button', { name: 'Close' }).click();
    await xlsmConfig.waitFor({ state: 'hidden' });
    await shot(page, 'walk-sources-configured-1440');

    // Assess: every question of the three files, once, with its reference and section.
    const all = await questions();
    expect(all.map((q) => q.question).sort()).toEqual(
      [...caiq.rows.map((r) => r.question), ...word.questions.map((q) => q.text), ...MACRO_QUESTIONS].sort(),
    );
    for (const row of caiq.rows) {
      const q = questionOf(all, row.question) as Question & { sectionDescription?: string };
      expect([q.referenceNumber, q.sectionDescription], row.question).toEqual([row.reference, row.section]);
    }
    for (const numbered of word.questions) {
      const q = questionOf(all, numbered.text) as Question & { sectionDescription?: string };
      expect([q.referenceNumber, q.sectionDescription], numbered.text).toEqual([
        numbered.reference,
        numbered.section,
      ]);
    }
    await page.keyboard.press('Escape');
    await sourcesDialog().waitFor({ state: 'hidden' });
  }, 240_000);

  it('fills from the library on the dashboard, and the drafts are reviewed and accepted', async () => {
    // Prepare
    await openDashboard();
    const card = page.getByRole('region', { name: 'Fill from library' });

    // Act
    await card.getByRole('button', { name: 'Fill from library' }).click();
    await card.getByText(/Last run/).waitFor({ timeout: 60_000 });
    const drafted = (await questions()).filter((q) => q.libraryDraft);
    await expect
      .poll(() => page.getByTestId('library-drafts').textContent(), { timeout: 30_000 })
      .toBe(String(drafted.length));
    await shot(page, 'walk-filled-1440');
    await card.getByRole('button', { name: 'Review drafts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review drafts from the library' });
    const rows = dialog.getByTestId('draft-row');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(drafted.length);
    await shot(page, 'walk-review-drafts-1440');
    await dialog.getByRole('checkbox', { name: 'Select all drafts' }).check();
    await dialog.getByRole('button', { name: `Accept ${drafted.length}` }).click();
    await dialog.getByText('No drafts to review').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    // Assess: the library answered some of each kind of file, cited, and every draft is accepted.
    expect(drafted.length).toBeGreaterThan(0);
    const after = new Map((await questions()).map((q) => [q.questionId, q]));
    for (const q of drafted) {
      expect(after.get(q.questionId)?.libraryDraft, q.question).toBeUndefined();
      expect(after.get(q.questionId)?.answer, q.question).toBe(q.answer);
      expect(q.answer.trim(), q.question).not.toBe('');
    }
  }, 180_000);

  it('answers one question of each file by hand in the answering screen', async () => {
    // Prepare: in each file, the first question the library left unanswered (for the .xlsm, one
    // whose answer cell is not locked).
    const all = await questions();
    const unanswered = (texts: string[]) =>
      texts.map((t) => questionOf(all, t)).find((q) => !q.answer.trim()) ?? questionOf(all, texts[0]);
    const picks: Array<[Question, string, Classification, string]> = [
      [
        unanswered(caiq.rows.map((r) => r.question)),
        'Not applicable: we run no customer-facing audit programme of our own; our SOC 2 auditor covers it.',
        'NOT-APPLICABLE',
        'Not Applicable',
      ],
      [
        unanswered(word.questions.filter((q) => q.place !== 'checkboxes').map((q) => q.text)),
        'Yes. Our security lead owns it and reviews it every year; the board approves each change.',
        'COMPLIANT',
        'Compliant',
      ],
      [
        unanswered(MACRO_UNLOCKED_ROWS.map((r) => MACRO_QUESTIONS[r - 2])),
        'Yes, by an independent firm every year; the summary report is available under NDA.',
        'COMPLIANT',
        'Compliant',
      ],
    ];

    for (const [i, [question, answer, classification, label]] of picks.entries()) {
      // Act
      await page.goto(`${stack.appUrl}/Projects/${projectId}/${question.questionId}`);
      const text = page.locator('#answer-text');
      await text.waitFor();
      await text.fill(answer);
      await page.getByRole('checkbox', { name: label, exact: true }).check();
      if (i === 0) await shot(page, 'walk-answering-1440');
      await page.getByRole('button', { name: 'Save & Next' }).click();

      // Assess
      await expect
        .poll(async () => {
          const saved = ok<Question>(
            await api.call('getQuestion', { token, params: { projectId, questionId: question.questionId } }),
            'getQuestion',
          );
          return [saved.answer, saved.responseClassification];
        })
        .toEqual([answer, classification]);
      byHand.set(question.question, { answer, classification });
    }
  }, 120_000);

  it('exports the CAIQ workbook: answers in place, every drop-down cell a listed value, the rest unchanged', async () => {
    // Act
    const all = await questions();
    const partial = caiq.rows.filter(
      (row) => questionOf(all, row.question).responseClassification === 'PARTIALLY-COMPLIANT',
    );
    await openDashboard();
    const exported = await exportFile(
      CAIQ,
      'walk-export-caiq-1440',
      partial
        .slice(0, 5)
        .map(
          (row) =>
            `CAIQv4.0.3!${XLSX.utils.encode_col(caiq.columns.compliance - 1)}${row.rowNumber} (Partially Compliant)`,
        ),
    );

    // Assess
    expect(exported.name).toBe('CAIQv4.0.3 Initech (answered).xlsx');
    const original = XLSX.read(caiq.bytes, { type: 'array' });
    const written = XLSX.read(exported.bytes, { type: 'array' });
    expect(written.SheetNames).toEqual(original.SheetNames);
    const listed: Partial<Record<Classification, string>> = {
      COMPLIANT: 'Yes',
      'NON-COMPLIANT': 'No',
      'NOT-APPLICABLE': 'NA',
    };
    const letter = (column: number) => XLSX.utils.encode_col(column - 1);
    const expected = cells(original.Sheets['CAIQv4.0.3']);
    const answered = caiq.rows.filter((row: SectionedRow) => questionOf(all, row.question).answer.trim());
    for (const row of answered) {
      const q = questionOf(all, row.question);
      expected[`${letter(caiq.columns.answer)}${row.rowNumber}`] = q.answer;
      const value = listed[q.responseClassification];
      if (value) expected[`${letter(caiq.columns.compliance)}${row.rowNumber}`] = value;
    }
    const after = cells(written.Sheets['CAIQv4.0.3']);
    expect(after).toEqual(expected);
    // Every drop-down cell holds a value its list allows, or nothing.
    for (const row of caiq.rows) {
      const value = after[`${letter(caiq.columns.compliance)}${row.rowNumber}`];
      if (value !== undefined) expect(caiq.allowed, row.reference).toContain(value);
    }
    const hand = caiq.rows.find((row) => byHand.has(row.question))!;
    expect(after[`${letter(caiq.columns.answer)}${hand.rowNumber}`]).toBe(byHand.get(hand.question)?.answer);
    expect(after[`${letter(caiq.columns.compliance)}${hand.rowNumber}`]).toBe('NA');
    expect(answered.length).toBeGreaterThan(1);
    // The hidden list sheet and the drop-down itself are the customer's.
    expect(cells(written.Sheets.Lists)).toEqual(cells(original.Sheets.Lists));
    const validations = (bytes: Uint8Array) =>
      strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']).match(
        /<dataValidations[\s\S]*<\/dataValidations>/,
      )?.[0];
    expect(validations(exported.bytes)).toBe(validations(caiq.bytes));
  }, 120_000);

  it('exports the Word questionnaire: each answer in its own place, every line of the customer’s file kept', async () => {
    // Act
    await openDashboard();
    const exported = await exportFile(WORD, 'walk-export-word-1440');

    // Assess
    const all = await questions();
    expect(exported.name).toBe('Initech Vendor Security Assessment (answered).docx');
    const before = await linesOf(word.bytes);
    const lines = await linesOf(exported.bytes);
    const answered = word.questions.filter((q: NumberedQuestion) => questionOf(all, q.text).answer.trim());
    expect(answered.length).toBeGreaterThan(0);
    for (const numbered of answered) {
      if (numbered.place === 'checkboxes') continue; // only boxes to tick: no text written
      const answer = questionOf(all, numbered.text)
        .answer.split('\n')
        .find((l) => l.trim())!;
      const at = lines.indexOf(numbered.text);
      const next = lines.findIndex((line, i) => i > at && word.questions.some((q) => q.text === line));
      const found = lines.indexOf(answer.trim(), at);
      expect(at, numbered.text).toBeGreaterThanOrEqual(0);
      expect(found, numbered.text).toBeGreaterThan(at);
      if (next > 0) expect(found, numbered.text).toBeLessThan(next);
    }
    const hand = word.questions.find((q) => byHand.has(q.text))!;
    expect(lines[lines.indexOf(hand.text) + (hand.place === 'label' ? 2 : 1)]).toBe(
      byHand.get(hand.text)?.answer,
    );
    // Every line of the customer's file is still there, in order (ticked boxes aside).
    const kept = before.filter((line) => !line.includes('☐'));
    let from = 0;
    for (const line of kept) {
      const at = lines.indexOf(line, from);
      expect(at, line).toBeGreaterThanOrEqual(0);
      from = at + 1;
    }
    // Only the document part is rewritten; every other part byte for byte.
    const parts = [unzipSync(word.bytes), unzipSync(exported.bytes)];
    expect(Object.keys(parts[1]).sort()).toEqual(Object.keys(parts[0]).sort());
    for (const part of Object.keys(parts[0]).filter((name) => name !== 'word/document.xml'))
      expect(Buffer.from(parts[1][part]).equals(Buffer.from(parts[0][part])), part).toBe(true);
  }, 120_000);

  it('exports the .xlsm as an .xlsm: answers in the unlocked cells, the locked ones reported, the macros byte for byte', async () => {
    // Act
    const all = await questions();
    const locked = [3, 5].filter((row) => questionOf(all, MACRO_QUESTIONS[row - 2]).answer.trim());
    await openDashboard();
    const exported = await exportFile(
      XLSM,
      'walk-export-xlsm-1440',
      locked.map((row) => `Not written: cell Questions!B${row} is locked (the sheet is protected).`),
    );

    // Assess
    expect(exported.name).toBe('SIG Lite 2026 (answered).xlsm');
    const parts = unzipSync(exported.bytes);
    expect(parts['xl/vbaProject.bin']).toEqual(macro.vbaProject);
    expect(strFromU8(parts['xl/worksheets/sheet1.xml'])).toContain('<sheetProtection sheet="1"');
    const book = XLSX.read(exported.bytes, { type: 'array' });
    const original = XLSX.read(macro.bytes, { type: 'array' });
    expect(book.SheetNames).toEqual(['Instructions', 'Questions']);
    expect(cells(book.Sheets.Instructions)).toEqual(cells(original.Sheets.Instructions));
    const expected = cells(original.Sheets.Questions);
    for (const row of MACRO_UNLOCKED_ROWS) {
      const answer = questionOf(all, MACRO_QUESTIONS[row - 2]).answer;
      if (answer.trim()) expected[`B${row}`] = answer;
    }
    expect(cells(book.Sheets.Questions)).toEqual(expected);
    const hand = MACRO_QUESTIONS.find((q) => byHand.has(q))!;
    expect(book.Sheets.Questions[`B${MACRO_QUESTIONS.indexOf(hand) + 2}`]?.v).toBe(byHand.get(hand)?.answer);
  }, 120_000);

  it('reads on a phone: the dashboard, the answering screen and Export Project at 375 px', async () => {
    const phone = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, {
      width: 375,
      height: 812,
    });
    await phone.goto(`${stack.appUrl}/Projects/${projectId}`);
    const card = phone.getByRole('region', { name: 'Fill from library' });
    await card.scrollIntoViewIfNeeded();
    await shot(phone, 'walk-dashboard-375');
    const [first] = await questions();
    await phone.goto(`${stack.appUrl}/Projects/${projectId}/${first.questionId}`);
    await phone.locator('#answer-text').waitFor();
    await shot(phone, 'walk-answering-375');
    await phone.goto(`${stack.appUrl}/Projects/${projectId}`);
    await phone.getByRole('button', { name: 'Manage Project' }).click();
    await phone.getByRole('menuitem', { name: 'Export Project' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Export Project' });
    await dialog.getByText(CAIQ, { exact: true }).click();
    await dialog.getByText(/^\d+ questions, \d+ answered$/).waitFor({ timeout: 30_000 });
    await shot(phone, 'walk-export-375');
    await phone.context().close();
  }, 120_000);
});
