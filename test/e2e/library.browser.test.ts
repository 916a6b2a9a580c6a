/**
 * The Answer Library in the browser (issue 13, the library screen): the demo team's seeded library
 * (the public answer bank), search with highlighted terms, Answer Insights with Flag for Review and
 * its 'Other' rule, the bulk bar with the counts and the rules of each collection, Needs Review and
 * Archive, a candidate from a question saved with Include in Library reviewed and added, Add Answer's
 * validation and the never-silent close, a team collection filled from the bulk bar, suggestions in
 * the answering screen, and Fill from library on another questionnaire with its drafts reviewed.
 * Screenshots (1440 px wide) go to test-results/.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { LIBRARY_MESSAGES } from '../../shared/schemas/answer';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, libraryCollection, libraryRows, shot, signInLive } from './support';

let stack: TestStack;
let browser: Browser;
let page: Page;
const api = client(() => stack);
const resources = new Resources();
let token: string;

beforeAll(async () => {
  assertSpaBuilt();
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  token = await stack.signIn(DEMO.email, DEMO.password);
  page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });
}, 180_000);

afterAll(() => resources.stopAll());

const rows = () => libraryRows(page);
const collection = (name: string) => libraryCollection(page, name);

describe('the answer library', () => {
  it('lists the seeded library and finds answers with the terms highlighted', async () => {
    // Act
    await page.goto(`${stack.appUrl}/Answers`);
    await rows().first().waitFor();

    // Assess
    await expect.poll(() => page.title()).toContain('Answer Library');
    await expect.poll(() => rows().count()).toBe(30);
    await page.getByRole('button', { name: 'Load More Answers' }).waitFor();
    await shot(page, 'library-available');

    await page.getByRole('textbox', { name: 'Search your library' }).fill('multi-factor');
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Answers"] > li').length < 30);
    const marks = await page.locator('ul[aria-label="Answers"] mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    // The words found are marked whole: "multi" and "factor" (and other ways of saying MFA).
    const marked = new Set(marks.map((m) => m.toLowerCase()));
    expect(marked.has('multi') && marked.has('factor')).toBe(true);
    // Never a word that means nothing alone, though "MFA is enforced" is one of the phrases found.
    expect(marked.has('is')).toBe(false);
    await shot(page, 'library-search');
  });

  it('flags an answer for review from Answer Insights, refusing Other without a reason', async () => {
    // Prepare
    await rows().first().getByRole('button').first().click();
    const insights = page.getByRole('dialog', { name: 'Answer Insights' });
    await insights.getByRole('tab', { name: 'Overview' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'library-insights');
    await expect.poll(() => insights.getByRole('tab', { name: 'Usage' }).isDisabled()).toBe(true);
    await expect.poll(() => insights.getByRole('button', { name: 'Restore Answer' }).isDisabled()).toBe(true);

    // Act
    await insights.getByRole('button', { name: 'Flag for Review' }).click();
    const flag = page.getByRole('dialog', { name: 'Flag for Review' });
    await flag.getByRole('radio', { name: 'Other' }).check();
    await flag.getByRole('button', { name: 'Flag for Review' }).click();

    // Assess
    await flag.getByText(LIBRARY_MESSAGES.flagOther).waitFor();
    await flag.getByRole('textbox', { name: 'Tell us more' }).fill('Mentions a registrar we no longer use');
    await flag.getByRole('button', { name: 'Flag for Review' }).click();
    await insights.getByText('Mentions a registrar we no longer use').waitFor();
    await expect
      .poll(() => insights.getByRole('button', { name: 'Flag for Review' }).isDisabled())
      .toBe(true);

    // The tag editor: Enter and a comma each add a tag, saved at once and kept on reopening.
    await insights.getByRole('tab', { name: 'Settings' }).click();
    const tags = insights.getByLabel('Tags', { exact: true });
    await tags.fill('Registrar review');
    await tags.press('Enter');
    await tags.pressSequentially('Identity,');
    await insights.getByText('Identity', { exact: true }).waitFor();
    await insights.getByText('Registrar review', { exact: true }).waitFor();
    await shot(page, 'library-insights-tags');
    await insights.getByRole('tab', { name: 'Overview' }).click();
    await page.keyboard.press('Escape');
    await insights.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Search your library' }).fill('');
    // The search is cleared once its 500 ms have passed: the whole first page again, so the next
    // steps do not select rows of the search that the list then drops.
    await page.waitForFunction(
      () => document.querySelectorAll('ul[aria-label="Answers"] > li').length === 30,
    );
    await collection('Needs Review').click();
    await rows().first().getByText('Needs Review').waitFor();
    await expect.poll(() => rows().count()).toBe(1);
    // The tags were saved: the row shows them.
    await rows().first().getByText('Registrar review').waitFor();
    await rows().first().getByText('Identity', { exact: true }).waitFor();
  });

  it('archives two answers from the bulk bar, and offers each collection its own actions', async () => {
    // Prepare
    await collection('Available Answers').click();
    await rows().nth(1).waitFor();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });

    // Act
    await rows().nth(0).getByRole('checkbox').check();
    await rows().nth(1).getByRole('checkbox').check();

    // Assess: Available offers archive and flag, with the count.
    await expect
      .poll(() => bar.getByRole('button').allTextContents())
      .toEqual(['Archive 2 Answers', 'Flag 2 Answers for Review']);
    await shot(page, 'library-bulk');
    await bar.getByRole('button', { name: 'Archive 2 Answers' }).click();
    await bar.waitFor({ state: 'detached' });
    await collection('Archive').click();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Answers"] > li').length === 2);
    // The archive's live event can refresh the list just after Select all and clear the selection
    // (seen on a loaded machine): select again until the bar shows the two answers.
    const selectAll = page.getByRole('checkbox', { name: 'Select all' });
    await expect
      .poll(async () => {
        if (!(await selectAll.isChecked())) await selectAll.click();
        return bar.getByRole('button').allTextContents();
      })
      .toEqual(['Flag 2 Answers for Review', 'Make 2 Answers available']);
  });

  it('reviews a candidate saved with Include in Library and adds it to the library', async () => {
    // Prepare: a demo project's question answered with Include in Library.
    const created = await api.as(token).call('createProject', { body: { name: 'Globex renewal 2027' } });
    expect(created.status).toBe(200);
    const projectId = created.body.data.projectId as string;
    const added = await api.as(token).call('addQuestion', {
      params: { projectId },
      body: { question: 'Do you keep an inventory of your production assets?' },
    });
    expect(added.status).toBe(200);
    const questionId = added.body.data.questionId as string;
    const answer = 'Yes. Every production resource is tagged and listed by our infrastructure-as-code.';
    const saved = await api.as(token).call('updateQuestion', {
      params: { projectId, questionId },
      body: { answer, includeInLibrary: true },
    });
    expect(saved.status).toBe(200);
    await stack.settle();

    // Act
    await page.goto(`${stack.appUrl}/Answers`);
    await collection('Candidates').click();
    await rows().first().waitFor();
    await rows().first().getByRole('button').first().click();
    const review = page.getByRole('dialog', { name: 'Answer Review' });
    await review.getByText(answer).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'library-candidate-review');
    await review.getByRole('button', { name: 'Add to Library' }).click();
    await review.waitFor({ state: 'detached' });

    // Assess
    await page.getByText('No Answers found').waitFor();
    await collection('Available Answers').click();
    await page.getByRole('textbox', { name: 'Search your library' }).fill('inventory production');
    await rows().first().getByText(answer).waitFor();
  });

  it('adds an answer once its question and answer are long enough, and never closes silently', async () => {
    // Prepare
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Answer' });
    const submit = dialog.getByRole('button', { name: 'Add', exact: true });

    // Act + Assess: too short, then long enough.
    await dialog.getByRole('textbox', { name: 'Question' }).fill('Short?');
    await dialog.getByRole('textbox', { name: 'Answer' }).click();
    await dialog.getByText(LIBRARY_MESSAGES.question).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByText('Are you sure you want to close? Any unsaved work will be lost.').waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await dialog
      .getByRole('textbox', { name: 'Question' })
      .fill('Do you run vulnerability scans on every release?');
    await dialog
      .getByRole('textbox', { name: 'Answer' })
      .fill('Yes. Every build is scanned for dependency and container vulnerabilities before release.');
    await shot(page, 'library-add-answer');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Search your library' }).fill('vulnerability scans');
    await rows().first().getByText('Do you run vulnerability scans on every release?').waitFor();
  });

  it('imports answers from a spreadsheet: columns guessed, the rules shown, rows of substance included', async () => {
    // Prepare: a customer's own library export, with a row too short to be an answer.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Approved answers');
    sheet.addRow(['Question', 'Approved answer', 'Tags', 'Compliance']);
    sheet.addRow([
      'Do you perform background checks on new employees?',
      'Yes. Every employee with production access is background checked before their first day.',
      'People; HR',
      'Yes',
    ]);
    sheet.addRow([
      'Is there a documented incident response plan tested every year?',
      'Yes. The plan is tested with a tabletop exercise every year and updated after each incident.',
      'Incident response',
      'Yes',
    ]);
    sheet.addRow(['Do you have a bug bounty?', 'No.', '', 'No']);
    const file = join(tmpdir(), `library-import-${process.pid}.xlsx`);
    writeFileSync(file, new Uint8Array(await workbook.xlsx.writeBuffer()));
    resources.add(() => rmSync(file, { force: true }));

    // Act
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByLabel('Choose a library file').setInputFiles(file);
    const importer = page.getByRole('dialog', { name: /Library Importer/ });
    await importer.getByRole('combobox', { name: 'Column A type' }).waitFor();

    // Assess: the header read as the columns, the two rows of substance included.
    await expect
      .poll(() => importer.getByRole('combobox', { name: 'Column B type' }).inputValue())
      .toBe('ANSWER');
    await expect
      .poll(() => importer.getByRole('combobox', { name: 'Column C type' }).inputValue())
      .toBe('TAGS');
    await importer.getByText('2 answers to import').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'library-importer');
    await importer.getByRole('combobox', { name: 'Column B type' }).selectOption('IGNORE');
    await importer.getByText('Please choose a column as Answer').waitFor();
    await expect
      .poll(() => importer.getByRole('button', { name: 'Import', exact: true }).isDisabled())
      .toBe(true);
    await importer.getByRole('combobox', { name: 'Column B type' }).selectOption('ANSWER');
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('2 answers imported').waitFor();
    await page.getByRole('textbox', { name: 'Search your library' }).fill('background checked');
    await rows().first().getByText('Do you perform background checks on new employees?').waitFor();
    await expect.poll(() => rows().first().getByText('HR', { exact: true }).count()).toBe(1);

    // The same file again: the importer says what the library holds and keeps its answers.
    await stack.settle();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByLabel('Choose a library file').setInputFiles(file);
    await importer.getByText('2 answers to import').waitFor();
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    const repeats = importer.getByTestId('import-repeats');
    await repeats.getByText('2 of these answers are already in the library').waitFor();
    await shot(page, 'library-importer-repeats');
    await repeats.getByRole('button', { name: "Keep the library's, import the new ones" }).click();
    await page.getByText('0 answers imported; 2 already in the library').waitFor();
  });

  it('creates a team collection and fills it from the bulk bar', async () => {
    // Prepare
    await page.getByRole('textbox', { name: 'Search your library' }).fill('');
    await page.getByRole('button', { name: 'New collection' }).click();
    await page.getByRole('textbox', { name: 'Collection name' }).fill('SOC 2 evidence');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.getByText('No Answers found').waitFor();

    // Act
    await collection('Available Answers').click();
    await rows().nth(2).waitFor();
    for (const i of [0, 1, 2]) await rows().nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add to collection' }).click();
    await page.getByRole('menuitem', { name: 'SOC 2 evidence' }).click();

    // Assess
    await page.getByText('Added to the collection').waitFor();
    await shot(page, 'library-added-to-collection');
    await collection('SOC 2 evidence').click();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Answers"] > li').length === 3);
    const nav = page.getByRole('navigation', { name: 'Collections' });
    await expect.poll(() => nav.getByText('3', { exact: true }).count()).toBe(1);
    await shot(page, 'library-collection');
  });

  it('suggests library answers in the answering screen, fills the editor with one, and counts its use', async () => {
    // Prepare: a new questionnaire asks what the library already answers, in other words.
    const created = await api.as(token).call('createProject', { body: { name: 'Initech vendor review' } });
    const projectId = created.body.data.projectId as string;
    const added = await api.as(token).call('addQuestion', {
      params: { projectId },
      body: { question: 'Do administrators have to use multi-factor authentication?' },
    });
    const questionId = added.body.data.questionId as string;

    // Act
    await page.goto(`${stack.appUrl}/Projects/${projectId}/${questionId}`);
    const suggestions = page.getByRole('tabpanel', { name: 'Suggested Answers' });
    const first = suggestions.getByRole('article').first();
    await first.waitFor();
    await expect
      .poll(() => first.getAttribute('aria-label'))
      .toBe('Is multi-factor authentication enforced on administrative accounts?');
    await page.waitForTimeout(300);
    await shot(page, 'answering-suggestions');
    const offered = (await first.locator('p').nth(1).textContent()) ?? '';
    await first.getByRole('button', { name: 'Use this answer' }).click();

    // Assess: the editor holds the answer; saving it records the use on the library answer.
    await expect.poll(() => page.locator('#answer-text').inputValue()).toBe(offered);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('button[data-loading]'));
    await stack.settle();
    const found = await api.as(token).call('searchLibrary', {
      body: { searchTerm: 'multi-factor authentication enforced', view: 'ALL' },
    });
    // The search reads words as the suggestion engine does, so it may find more than one: take the
    // answer that was used.
    const used = (found.body.data.items as Array<{ answerId: string; answer: string }>).find(
      (a) => a.answer === offered,
    );
    const answerId = used?.answerId as string;
    const analytics = await api.as(token).call('getAnswer', { params: { answerId } });
    expect(analytics.body.data.answer.usageCount).toBe(1);
    expect(analytics.body.data.usage[0]).toMatchObject({
      questionId,
      project: { name: 'Initech vendor review' },
    });

    // Search Answers finds by the words typed.
    await page.getByRole('tab', { name: 'Search Answers' }).click();
    await page.getByRole('textbox', { name: 'Search answers' }).fill('penetration test');
    await page.getByRole('tabpanel', { name: 'Search Answers' }).getByRole('article').first().waitFor();
    await shot(page, 'answering-search');
  });

  it('fills another questionnaire from the library, and a reviewer accepts, rejects and opens the drafts', async () => {
    // Prepare: every library answer available again (earlier tests archived and flagged some, and
    // autofill only uses available ones); a questionnaire the library mostly answers, and one
    // question it cannot.
    for (const view of ['ARCHIVE', 'NEEDS_REVIEW'] as const) {
      const held = await api.as(token).call('searchLibrary', { body: { view }, query: { limit: 100 } });
      const answerIds = (held.body.data.items as Array<{ answerId: string }>).map((a) => a.answerId);
      if (answerIds.length)
        await api.as(token).call('bulkUpdateAnswers', { body: { answerIds, answerStatus: 'IN-USE' } });
    }
    await stack.settle();
    const created = await api.as(token).call('createProject', { body: { name: 'Globex security review' } });
    const projectId = created.body.data.projectId as string;
    const asked = [
      'Is data encrypted in transit, e.g. TLS 1.2 or higher?',
      'Do you enforce 2FA for administrator logins?',
      'Do you have a SOC 2 Type II attestation report?',
      'Is there a documented BCP / DR plan?',
      'Which colour is the vendor’s logo?',
    ];
    const ids: string[] = [];
    for (const question of asked) {
      const added = await api.as(token).call('addQuestion', { params: { projectId }, body: { question } });
      ids.push(added.body.data.questionId as string);
    }
    const questions = async () =>
      (await api.as(token).call('listQuestions', { params: { projectId } })).body.data.items as Array<{
        questionId: string;
        answer: string;
        libraryDraft?: { originalQuestion: string };
      }>;

    // Act: Fill from library on the dashboard.
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    const card = page.getByRole('region', { name: 'Fill from library' });
    await card.getByRole('button', { name: 'Fill from library' }).click();
    await card.getByText(/Last run/).waitFor({ timeout: 30_000 });

    // Assess: drafts cite their entries; the question it cannot answer is left alone; the
    // dashboard counts the drafts once the stream has moved its aggregates.
    const filled = (await questions()).filter((q) => q.libraryDraft);
    expect(filled.length).toBeGreaterThanOrEqual(3);
    expect(filled.map((q) => q.questionId)).not.toContain(ids[4]);
    await expect
      .poll(() => page.getByTestId('library-drafts').textContent(), { timeout: 30_000 })
      .toBe(String(filled.length));
    await shot(page, 'autofill-dashboard');
    await page.setViewportSize({ width: 375, height: 812 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'autofill-dashboard-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Review: accept one, reject one, from the review dialog.
    await card.getByRole('button', { name: 'Review drafts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review drafts from the library' });
    const rowsInDialog = dialog.getByTestId('draft-row');
    await rowsInDialog.first().waitFor();
    await expect.poll(() => rowsInDialog.count()).toBe(filled.length);
    await page.waitForTimeout(300);
    await shot(page, 'autofill-review');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(300);
    await shot(page, 'autofill-review-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    const [accepted, rejected, opened] = filled;
    const questionText = (id: string) => asked[ids.indexOf(id)];
    await dialog
      .getByRole('button', { name: `Accept the draft for ${questionText(accepted.questionId)}` })
      .click();
    await expect.poll(() => rowsInDialog.count()).toBe(filled.length - 1);
    await dialog
      .getByRole('button', { name: `Reject the draft for ${questionText(rejected.questionId)}` })
      .click();
    await expect.poll(() => rowsInDialog.count()).toBe(filled.length - 2);
    await page.keyboard.press('Escape');

    // A draft opened in the answering screen shows where it came from; Accept keeps it.
    await page.goto(`${stack.appUrl}/Projects/${projectId}/${opened.questionId}`);
    const banner = page.getByTestId('library-draft');
    await banner.waitFor();
    // The list marks the questions holding drafts (the accepted and the rejected ones no longer do).
    await expect.poll(() => page.getByTestId('draft-marker').count()).toBe(filled.length - 2);
    await expect.poll(() => banner.textContent()).toContain(opened.libraryDraft?.originalQuestion);
    await expect.poll(() => page.locator('#answer-text').inputValue()).toBe(opened.answer);
    await shot(page, 'autofill-draft-in-answering');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await banner.waitFor({ state: 'detached' });

    const after = new Map((await questions()).map((q) => [q.questionId, q]));
    expect(after.get(accepted.questionId)).toMatchObject({ answer: accepted.answer });
    expect(after.get(accepted.questionId)?.libraryDraft).toBeUndefined();
    expect(after.get(rejected.questionId)).toMatchObject({ answer: '' });
    expect(after.get(opened.questionId)?.libraryDraft).toBeUndefined();
  });

  it('keeps a glossary in the library that Explore Questions shows beside a question, its own terms first', async () => {
    // Prepare
    await page.goto(`${stack.appUrl}/Answers`);
    await collection('Glossary').click();
    await page.getByRole('button', { name: 'Add Term' }).click();
    const editor = page.getByRole('dialog', { name: 'Add Term' });
    await editor.getByRole('textbox', { name: 'Term' }).fill('RPO');
    await editor
      .getByRole('textbox', { name: 'Definition' })
      .fill('Recovery point objective: the most data, in time, a restore may lose. Ours is 15 minutes.');
    await editor
      .getByRole('textbox', { name: 'Links' })
      .fill('https://en.wikipedia.org/wiki/Disaster_recovery');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Glossary' }).getByText('RPO', { exact: true }).waitFor();
    await shot(page, 'library-glossary');
    const created = await api.as(token).call('createProject', { body: { name: 'Acme continuity review' } });
    const projectId = created.body.data.projectId as string;
    const added = await api.as(token).call('addQuestion', {
      params: { projectId },
      body: { question: 'What RPO can you commit to for customer data?' },
    });

    // Act
    await page.goto(`${stack.appUrl}/Projects/${projectId}/${added.body.data.questionId}`);
    await page.getByRole('tab', { name: 'Explore Questions' }).click();

    // Assess
    const panel = page.getByRole('tabpanel', { name: 'Explore Questions' });
    await panel.getByText('In this question').waitFor();
    await expect.poll(() => panel.getByRole('term').first().textContent()).toBe('RPO');
    await shot(page, 'answering-explore');
  });

  it('keeps what is typed in Replace Answer when the answer changes behind it', async () => {
    // Prepare: Replace Answer open on an answer, a new text typed.
    await page.goto(`${stack.appUrl}/Answers`);
    const opened = page.waitForResponse(
      (r) =>
        r.request().method() === 'GET' && /\/api\/answers\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname),
    );
    await rows().first().getByRole('button').first().click();
    const answerId = ((await (await opened).json()) as { data: { answer: { answerId: string } } }).data.answer
      .answerId;
    await page.getByRole('dialog', { name: 'Answer Insights' }).getByRole('button', { name: 'Edit' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace Answer' });
    const typed = 'Yes. Reviewed this quarter: the wording below replaces the earlier answer.';
    await replace.getByRole('textbox', { name: 'Answer' }).fill(typed);

    // Act: a teammate tags the same answer; the open screens hear of it and read it again.
    const reread = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/answers/${answerId}`,
    );
    const tagged = await api
      .as(token)
      .call('updateAnswer', { params: { answerId }, body: { tags: ['Reviewed by a teammate'] } });
    expect(tagged.status).toBe(200);
    // The answer read again in full, and the list behind the dialog (refreshed by the same event)
    // showing the new tag: the page has re-rendered with the teammate's version.
    await (await reread).finished();
    await page.getByRole('list', { name: 'Answers' }).getByText('Reviewed by a teammate').first().waitFor();

    // Assess: the text typed is still there.
    expect(await replace.getByRole('textbox', { name: 'Answer' }).inputValue()).toBe(typed);
  });
});
