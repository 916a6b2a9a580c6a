/**
 * Library health in the browser (issue 28 part 2): the demo team's library with two pairs of
 * duplicate answers added, checked by the health job; the library page's counts lead to the
 * Library health view, where a conflict is resolved (Keep this one, with a reason) and a duplicate
 * group merged. Screenshots at 1440 and 375 px go to test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import type { AnswerAnalytics } from '../../shared/schemas/answer';
import type { LibraryHealthSummary } from '../../shared/schemas/library-health';
import { client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, shot, signInLive } from './support';

let stack: TestStack;
let browser: Browser;
let page: Page;
const api = client(() => stack);
const resources = new Resources();
let token: string;

const MFA = [
  {
    question: 'Do you enforce 2FA for every administrator login to the console?',
    answer: 'Yes: every administrator signs in with a hardware security key.',
    responseClassification: 'COMPLIANT' as const,
  },
  {
    question: 'Is multi-factor authentication required for administrator logins to the console?',
    answer: 'Administrators sign in with single sign-on and a hardware key.',
    responseClassification: 'COMPLIANT' as const,
  },
];
const WAREHOUSE = [
  {
    question: 'Is customer data encrypted at rest in your data warehouse?',
    answer: 'Customer data is encrypted at rest with AES-256 in the warehouse.',
    responseClassification: 'COMPLIANT' as const,
  },
  {
    question: 'Do you encrypt stored customer data at rest in the data warehouse?',
    answer: 'Customer data is not encrypted at rest in the warehouse today.',
    responseClassification: 'COMPLIANT' as const,
  },
];
let ids: string[] = [];

beforeAll(async () => {
  assertSpaBuilt();
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  token = await stack.signIn(DEMO.email, DEMO.password);
  const since = new Date().toISOString();
  const imported = await api.call('importAnswers', { token, body: { items: [...MFA, ...WAREHOUSE] } });
  ids = imported.body.data.answerIds;
  await eventually(
    async () => {
      const summary = (await api.call('getLibraryHealthSummary', { token })).body
        .data as LibraryHealthSummary;
      if (summary.status !== 'IDLE' || !summary.checkedAt || summary.checkedAt < since)
        throw new Error('not yet');
    },
    { timeoutMs: 90_000, intervalMs: 500 },
  );
  page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });
}, 240_000);

afterAll(() => resources.stopAll());

const answerOf = async (answerId: string) =>
  (await api.call('getAnswer', { token, params: { answerId } })).body.data as AnswerAnalytics;
/** The conflict between two answers. */
const conflictWith = (answerId: string, otherId: string) =>
  page
    .locator('section[aria-label="Conflict"]', { has: page.locator(`[data-answer-id="${answerId}"]`) })
    .filter({ has: page.locator(`[data-answer-id="${otherId}"]`) });
const groupWith = (answerId: string) =>
  page.locator('section[aria-label="Duplicate group"]', {
    has: page.locator(`[data-answer-id="${answerId}"]`),
  });

describe('library health', () => {
  it('shows the counts on the library page and opens Library health from them', async () => {
    // Act
    await page.goto(`${stack.appUrl}/Answers`);
    const link = page.getByRole('link', { name: /duplicate group.*conflict/ });
    await link.waitFor();
    await shot(page, 'library-health-counts');
    await link.click();

    // Assess
    await page.getByRole('heading', { name: 'Library health' }).waitFor();
    await conflictWith(ids[2], ids[3]).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'library-health');
    await expect.poll(() => page.title()).toContain('Library health');
    await expect
      .poll(() => conflictWith(ids[2], ids[3]).locator('mark').allTextContents())
      .toEqual(
        expect.arrayContaining([
          'Customer data is encrypted at rest with AES-256 in the warehouse',
          'Customer data is not encrypted at rest in the warehouse today',
        ]),
      );
    await expect.poll(() => groupWith(ids[0]).locator(`[data-answer-id="${ids[1]}"]`).count()).toBe(1);
  });

  it('resolves a conflict: Keep this one asks for a reason and archives the other answer', async () => {
    // Prepare
    const conflict = conflictWith(ids[2], ids[3]);
    await conflict
      .locator(`[data-answer-id="${ids[2]}"]`)
      .getByRole('button', { name: 'Keep this one' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Keep this answer' });
    await dialog.getByRole('button', { name: 'Archive the other' }).click();
    await dialog.getByText('Please give a reason').waitFor();
    await shot(page, 'library-health-keep');

    // Act
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Encryption at rest was switched on in March');
    await dialog.getByRole('button', { name: 'Archive the other' }).click();

    // Assess
    await conflict.waitFor({ state: 'detached' });
    const archived = await answerOf(ids[3]);
    expect(archived.answer.answerStatus).toBe('ARCHIVED');
    expect(archived.answer.flaggedReason).toBe('Encryption at rest was switched on in March');
  });

  it('merges a duplicate group into the answer picked', async () => {
    // Prepare
    const group = groupWith(ids[0]);
    await group.getByRole('radio', { name: `Keep "${MFA[0].question}"` }).check();

    // Act
    await group.getByRole('button', { name: 'Merge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge answers' });
    await dialog.getByText(`Keep "${MFA[0].question}"?`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Merge' }).click();

    // Assess
    await group.waitFor({ state: 'detached' });
    expect((await answerOf(ids[0])).answer.answerStatus).toBe('IN-USE');
    const merged = await answerOf(ids[1]);
    expect(merged.answer.answerStatus).toBe('ARCHIVED');
    expect(merged.answer.flaggedReason).toBe(`Merged into "${MFA[0].question}"`);

    // The kept answer's history in Answer Insights names the answer merged in.
    await page.goto(`${stack.appUrl}/Answers`);
    await page.getByRole('textbox', { name: 'Search your library' }).fill(MFA[0].question);
    const row = page
      .getByRole('list', { name: 'Answers' })
      .getByRole('listitem')
      .filter({ hasText: MFA[0].question });
    await row.first().getByRole('button').first().click();
    const history = page
      .getByRole('dialog', { name: 'Answer Insights' })
      .getByLabel('Review', { exact: true });
    await history.getByText('Merged in a duplicate').first().waitFor();
    await history.getByText(`“${MFA[1].question}”`).waitFor();
    await shot(page, 'library-health-merged-history');
    await page.keyboard.press('Escape');
  });

  it('a check someone else starts shows here live, when it is done', async () => {
    // Prepare: Library health open.
    await page.goto(`${stack.appUrl}/Answers/health`);
    const checkNow = page.getByRole('button', { name: 'Check now' });
    await checkNow.waitFor();
    const startedAt = new Date().toISOString();
    // The report read again once the check is done: only the live event asks for it (nothing polls).
    const done = page.waitForResponse(
      async (r) => {
        if (r.request().method() !== 'GET' || new URL(r.url()).pathname !== '/api/answers/health')
          return false;
        const { data } = (await r.json()) as { data: { status: string; checkedAt?: string } };
        return data.status === 'IDLE' && (data.checkedAt ?? '') >= startedAt;
      },
      { timeout: 60_000 },
    );
    // Act: a teammate (another session) presses Check now.
    expect((await api.call('checkLibraryHealth', { token })).status).toBe(200);
    // Assess
    await done;
    await expect.poll(() => checkNow.isEnabled()).toBe(true);
    expect(await page.getByText('Checking', { exact: true }).count()).toBe(0);
  });

  it('reads on a phone', async () => {
    // Act
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${stack.appUrl}/Answers/health`);
    await page.getByRole('heading', { name: 'Library health' }).waitFor();
    await page.getByTestId('health-counts').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'library-health-375');

    // Assess: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
