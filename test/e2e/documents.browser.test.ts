/**
 * The Document Library and attachments in the browser (issue 14): a PDF uploaded on /Files (a file
 * over 25MB refused at once, the name filled from the type, an expiry date picked), attached to two
 * questions of a demo project from their Documents tab, removed from the whole project in Project
 * Files after the Remove File confirmation, then archived and made available again.
 * Screenshots (1440 px wide) go to test-results/.
 */
import { rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../scripts/fixtures/pdf';
import { DEMO } from '../../scripts/local/provision';
import { DOCUMENT_MESSAGES, removeFileConfirmation } from '../../shared/schemas/document';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, shot, signInLive } from './support';

const NAME = 'Globex Data Processing Agreement 2026';
const FILE_NAME = `globex-dpa-${process.pid}.pdf`;

let stack: TestStack;
let browser: Browser;
let page: Page;
const api = client(() => stack);
const resources = new Resources();
let token: string;
let projectId: string;
let questionIds: [string, string];
let documentId: string;
const pdfFile = join(tmpdir(), FILE_NAME);
const hugeFile = join(tmpdir(), `too-large-${process.pid}.pdf`);

beforeAll(async () => {
  assertSpaBuilt();
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  token = await stack.signIn(DEMO.email, DEMO.password);
  page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });

  // A demo questionnaire the demo user answers, and two of its questions.
  const projects = await api.as(token).call('listProjects', { query: { tab: 'open' } });
  expect(projects.status).toBe(200);
  const northwind = (projects.body.data.items as Array<{ projectId: string; name: string }>).find((p) =>
    p.name.startsWith('Northwind Traders'),
  );
  expect(northwind).toBeDefined();
  projectId = northwind!.projectId;
  const questions = await api.as(token).call('listQuestions', { params: { projectId }, query: { limit: 2 } });
  const items = questions.body.data.items as Array<{ questionId: string }>;
  expect(items).toHaveLength(2);
  questionIds = [items[0].questionId, items[1].questionId];

  // A real PDF, and a sparse file one megabyte over the limit.
  writeFileSync(pdfFile, pdfBytes(`${NAME}\nData processing terms between Globex and the demo team.`));
  writeFileSync(hugeFile, '');
  truncateSync(hugeFile, 26 * 1024 * 1024);
  resources.add(() => {
    rmSync(pdfFile, { force: true });
    rmSync(hugeFile, { force: true });
  });
}, 180_000);

afterAll(() => resources.stopAll());

const libraryRow = () =>
  page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: NAME });
const libraryTab = (name: 'Available' | 'Archived' | 'Upload') =>
  page.getByRole('tab', { name, exact: true });

/** The question's attachments, as the server has them. */
async function attachedTo(questionId: string): Promise<string[]> {
  const listed = await api.as(token).call('listQuestionDocuments', { params: { projectId, questionId } });
  expect(listed.status).toBe(200);
  return (listed.body.data as Array<{ document: { documentId: string } }>).map((a) => a.document.documentId);
}

/** Opens the question's Documents tab and attaches the document with the Attach Document picker. */
async function attachOn(questionId: string) {
  await page.goto(`${stack.appUrl}/Projects/${projectId}/${questionId}`);
  await page.locator('#answer-text').waitFor();
  await page.getByRole('tab', { name: 'Documents' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Documents' });
  const picker = panel.getByRole('combobox', { name: 'Attach Document' });
  await expect.poll(() => picker.isEnabled()).toBe(true);
  await picker.click();
  await picker.fill('Globex');
  await page.getByRole('option', { name: NAME }).click();
  await panel
    .getByRole('list', { name: 'Attached documents' })
    .getByRole('listitem')
    .filter({ hasText: NAME })
    .waitFor();
  return panel;
}

describe('the document library and attachments', () => {
  it('uploads a PDF on the Upload tab and lists it as available', async () => {
    // Prepare
    await page.goto(`${stack.appUrl}/Files`);
    await page.getByRole('table', { name: 'Documents' }).waitFor();
    await expect.poll(() => page.title()).toContain('Document Library');
    await libraryTab('Upload').click();
    const input = page.getByTestId('document-file-input');
    const upload = page.getByRole('button', { name: 'Upload', exact: true });

    // Act + Assess: a file over 25MB is refused at once.
    await input.setInputFiles(hugeFile);
    await page.getByRole('alert').filter({ hasText: DOCUMENT_MESSAGES.tooLarge }).waitFor();
    expect(await upload.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove the file' }).click();

    // Act: the PDF, a type (the empty name takes the type's), our own name, an expiry date.
    await input.setInputFiles(pdfFile);
    await page.getByText(FILE_NAME, { exact: true }).waitFor();
    const type = page.getByRole('combobox', { name: 'Document Type' });
    const name = page.getByRole('textbox', { name: 'Document Name' });
    expect(await type.inputValue()).toBe('');
    expect(await name.inputValue()).toBe('');
    await type.selectOption({ label: 'Data Processing Agreement' });
    await expect.poll(() => name.inputValue()).toBe('Data Processing Agreement');
    await name.fill(NAME);
    await type.selectOption({ label: 'Privacy Policy' });
    expect(await name.inputValue()).toBe(NAME); // a name the user wrote stays
    await type.selectOption({ label: 'Data Processing Agreement' });
    await page.getByRole('button', { name: 'Expiry Date' }).click();
    await page.locator('button[data-direction="next"]').click();
    await page.locator('button[data-direction="next"]').click();
    // The calendar opens on the month of its first day (tomorrow); two months on, the 15th.
    const day = new Date();
    day.setDate(day.getDate() + 1);
    day.setDate(1);
    day.setMonth(day.getMonth() + 2);
    const month = day.toLocaleString('en-GB', { month: 'long' });
    await page.getByRole('button', { name: `15 ${month} ${day.getFullYear()}`, exact: true }).click();
    await upload.click();

    // Assess: back on Available, the row with its file, type and expiry badge.
    const row = libraryRow();
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => libraryTab('Available').getAttribute('aria-selected')).toBe('true');
    await row.getByRole('link', { name: FILE_NAME }).waitFor();
    await row.getByText(`Expires 15th ${month} ${day.getFullYear()}`).waitFor();
    await page.getByText(`${NAME} has been uploaded`).waitFor();
    await shot(page, 'documents-library');
    const listed = await api.as(token).call('listDocuments');
    const document = (listed.body.data as Array<{ documentId: string; documentName: string }>).find(
      (d) => d.documentName === NAME,
    );
    expect(document).toMatchObject({ fileName: FILE_NAME, documentTypeId: 'DATA_PROCESSING_AGREEMENT' });
    documentId = document!.documentId;
  });

  it('attaches the document to two questions of a demo project from their Documents tab', async () => {
    // Act
    await attachOn(questionIds[0]);
    const panel = await attachOn(questionIds[1]);

    // Assess
    await panel.getByRole('link', { name: FILE_NAME }).waitFor();
    await page.mouse.move(0, 0); // no tooltip over the list
    await page.waitForTimeout(300);
    await shot(page, 'documents-question-tab');
    expect(await attachedTo(questionIds[0])).toContain(documentId);
    expect(await attachedTo(questionIds[1])).toContain(documentId);
  });

  it('removes the document from the whole project in Project Files, after the Remove File confirmation', async () => {
    // Prepare
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    await page.getByRole('button', { name: 'Manage Project' }).click();
    await page.getByRole('menuitem', { name: 'Project Files' }).click();
    const files = page.getByRole('dialog', { name: 'Project Files' });
    const item = files
      .getByRole('list', { name: 'Project files' })
      .getByRole('listitem')
      .filter({ hasText: NAME });
    await item.waitFor();
    await item.getByText('2 questions', { exact: true }).waitFor();

    // Act
    await item.getByRole('button', { name: `Remove ${NAME}` }).click();

    // Assess: the confirmation with the spec's words, then the file gone from the project.
    const confirm = page.getByRole('dialog', { name: 'Remove File' });
    await confirm.getByText(removeFileConfirmation(2), { exact: true }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'documents-remove-confirmation');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText(`${NAME} removed from the project`).waitFor();
    await files.waitFor();
    await expect.poll(() => item.count()).toBe(0);
    expect(await attachedTo(questionIds[0])).not.toContain(documentId);
    expect(await attachedTo(questionIds[1])).not.toContain(documentId);
  });

  it('archives the document and makes it available again', async () => {
    // Prepare
    await page.goto(`${stack.appUrl}/Files`);
    await libraryRow().waitFor();

    // Act
    await libraryRow().getByRole('button', { name: 'Archive', exact: true }).click();

    // Assess: gone from Available, listed in Archived.
    await page.getByText(`${NAME} archived`).waitFor();
    await expect.poll(() => libraryRow().count()).toBe(0);
    await libraryTab('Archived').click();
    const reinstate = libraryRow().getByRole('button', { name: 'Make Available' });
    await reinstate.waitFor();
    await shot(page, 'documents-archived');

    // Act + Assess: Make Available brings it back to Available.
    await reinstate.click();
    await page.getByText(`${NAME} is available again`).waitFor();
    await expect.poll(() => libraryRow().count()).toBe(0);
    await libraryTab('Available').click();
    await libraryRow().getByRole('button', { name: 'Archive', exact: true }).waitFor();
    const listed = await api.as(token).call('listDocuments');
    expect((listed.body.data as Array<{ documentId: string }>).map((d) => d.documentId)).toContain(
      documentId,
    );
  });
});
