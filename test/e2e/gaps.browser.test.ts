/**
 * Gaps and honest "no answer" in the browser (issue 28 parts 4 and 6): the library page links to its
 * gap list with the count; the list groups a question asked in two projects into one gap, and its
 * "Add to library" opens Add Answer prefilled with the question and the answer written since; once
 * added, the gap goes. After Fill from library, the review dialog's "Left empty" tab says why each
 * question was left empty ("No library answer covers this", or the closest answer below the
 * threshold with its confidence), and "Use this answer" answers it in one click.
 * Screenshots at 1440 and 375 px wide go to test-results/ (gaps-*).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import type { AutofillRun } from '../../shared/schemas/answer';
import { NO_ANSWER_TEXT } from '../../shared/schemas/library-gaps';
import type { Question } from '../../shared/schemas/question';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, shot, signInLive } from './support';

let stack: TestStack;
let browser: Browser;
let page: Page;
const api = client(() => stack);
const resources = new Resources();
let token: string;

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

async function project(name: string, questions: string[]) {
  const { projectId } = ok(await api.as(token).call('createProject', { body: { name } }), 'createProject');
  const ids: string[] = [];
  for (const question of questions)
    ids.push(
      ok(
        await api.as(token).call('addQuestion', { params: { projectId }, body: { question } }),
        'addQuestion',
      ).questionId,
    );
  return { projectId, ids };
}

const CYCLE_ANSWER = 'Yes: every employee may lease a bicycle through salary sacrifice, up to GBP 3,000.';

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

const gapCards = () => page.getByRole('list', { name: 'Gaps' }).getByTestId('gap');
const cycleGap = () => gapCards().filter({ hasText: /cycle/i });

describe('gaps', () => {
  it('lists a question asked in two projects as one gap, and adds it to the library from the answer written since', async () => {
    // Prepare
    const a = await project('Acme renewal', [
      'Do you offer employees a cycle-to-work scheme?',
      'Do you offset the carbon emissions of your data centres?',
    ]);
    await project('Globex onboarding', ['Do you offer staff a cycle to work scheme?']);
    ok(
      await api.as(token).call('updateQuestion', {
        params: { projectId: a.projectId, questionId: a.ids[0] },
        body: { answer: CYCLE_ANSWER },
      }),
      'answer by hand',
    );
    await stack.settle();

    // Act: from the library page to its gap list.
    await page.goto(`${stack.appUrl}/Answers`);
    const link = page.getByRole('link', { name: /Gaps/ });
    await link.getByTestId('gap-count').waitFor({ timeout: 60_000 });
    await page.getByRole('list', { name: 'Answers' }).waitFor();
    await shot(page, 'gaps-library-link');
    await link.click();
    await page.waitForURL(`${stack.appUrl}/Answers/gaps`);
    await cycleGap().waitFor({ timeout: 60_000 });
    await page.getByText(/^Updated /).waitFor({ timeout: 60_000 });

    // Assess
    await expect.poll(() => page.title()).toContain('Gaps');
    const card = cycleGap();
    await expect.poll(() => card.count()).toBe(1);
    await card.getByText('Asked 2 times').waitFor();
    await card.getByRole('link', { name: 'Acme renewal' }).waitFor();
    await card.getByRole('link', { name: 'Globex onboarding' }).waitFor();
    await card.getByText('Answered since on Acme renewal:').waitFor();
    await shot(page, 'gaps-list');
    await page.setViewportSize({ width: 375, height: 812 });
    await cycleGap().scrollIntoViewIfNeeded();
    await shot(page, 'gaps-list-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Act: Add to library, prefilled.
    await cycleGap().getByRole('button', { name: 'Add to library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Answer' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: /Question/ }).inputValue()).toMatch(/cycle/i);
    await expect.poll(() => dialog.getByRole('textbox', { name: /Answer/ }).inputValue()).toBe(CYCLE_ANSWER);
    await page.waitForTimeout(300);
    await shot(page, 'gaps-add-to-library');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Assess: the library answers it now, so the gap goes (the list refreshes itself).
    await expect.poll(() => cycleGap().count(), { timeout: 60_000 }).toBe(0);
    await page
      .getByText(/carbon emissions/)
      .first()
      .waitFor();
    await shot(page, 'gaps-after-add');
  }, 240_000);
});

describe('honest "no answer" in the autofill review', () => {
  it('says why each question was left empty and uses the closest answer in one click', async () => {
    // Prepare: two library answers to the same question, so no draft can be confident.
    ok(
      await api.as(token).call('importAnswers', {
        body: {
          items: [
            {
              question: 'Do you sponsor open-source projects?',
              answer: 'Yes: we fund two maintainers of libraries our product depends on.',
            },
            {
              question: 'Do you sponsor open-source projects?',
              answer: 'We donate every year to the Apache Software Foundation and the OpenSSF.',
            },
          ],
          creationMethod: 'BULK_UPLOAD',
        },
      }),
      'importAnswers',
    );
    const { projectId, ids } = await project('Wayne Enterprises', [
      'Is data encrypted in transit, e.g. TLS 1.2 or higher?',
      'Which colour is the vendor’s logo?',
      'Do you sponsor open-source projects?',
    ]);
    await stack.settle();
    ok<AutofillRun>(
      await api.as(token).call('startAutofill', { params: { projectId }, body: {} }),
      'startAutofill',
    );
    await expect
      .poll(
        async () => {
          await stack.settle();
          return ok<AutofillRun>(await api.as(token).call('getAutofill', { params: { projectId } }), 'run')
            .status;
        },
        { timeout: 60_000 },
      )
      .toBe('DONE');

    // Act
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    const card = page.getByRole('region', { name: 'Fill from library' });
    await card.getByRole('button', { name: /See why they were left empty/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review drafts from the library' });
    const rows = dialog.getByTestId('empty-row');
    await rows.first().waitFor();

    // Assess
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: 'logo' }).getByText(NO_ANSWER_TEXT.NO_MATCH).waitFor();
    const tied = rows.filter({ hasText: 'sponsor' });
    await tied.getByText(NO_ANSWER_TEXT.BELOW_THRESHOLD).waitFor();
    await tied.getByText(/%$/).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'gaps-autofill-left-empty');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(300);
    await shot(page, 'gaps-autofill-left-empty-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Act: one click.
    await tied.getByRole('button', { name: 'Use this answer' }).click();

    // Assess: the question is answered from the library, In Progress; the row goes.
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    const used = async () =>
      ok<{ items: Question[] }>(
        await api.as(token).call('listQuestions', { params: { projectId } }),
        'listQuestions',
      ).items.find((q) => q.questionId === ids[2]);
    await expect.poll(async () => (await used())?.responseStatus).toBe('IN-PROGRESS');
    expect((await used())?.answer).toMatch(/maintainers|Apache/);
    await shot(page, 'gaps-autofill-used');
  }, 240_000);
});
