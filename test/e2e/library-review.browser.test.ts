/**
 * Owners and review cycles in the browser (issue 28 part 1): a team admin sets the library's review
 * cycle in Settings → Team, an answer comes due (its review-by day set in the past through the API,
 * then the hourly job's handler run), the library page counts it and lists it under Due for review,
 * Answer Insights shows its owner, last and next review, and Confirm unchanged reviews it: back to
 * Available, the next review a cycle away, the review in its history. The e-mail switch "Library
 * answers due for review" is in My Settings. Screenshots at 1440 and 375 px go to test-results/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReviews } from '../../functions/library/review/due-job';
import { DEMO } from '../../scripts/local/provision';
import type { AnswerPage } from '../../shared/schemas/answer';
import { addDays, addMonths, REVIEW_DUE_REASON } from '../../shared/schemas/review';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, shot, signInLive, waitForTitle } from './support';

let stack: TestStack;
let browser: Browser;
let page: Page;
let narrow: Page;
const api = client(() => stack);
const resources = new Resources();
let token: string;
const dueIds: string[] = [];
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  assertSpaBuilt();
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  token = await stack.signIn(DEMO.email, DEMO.password);
  [page, narrow] = await Promise.all([
    signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 }),
    signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 375, height: 812 }),
  ]);
}, 180_000);

afterAll(() => resources.stopAll());

const rows = (p: Page) => p.getByRole('list', { name: 'Answers' }).getByRole('listitem');
const collection = (p: Page, name: string) =>
  p.getByRole('navigation', { name: 'Collections' }).getByText(name, { exact: true });

describe('owners and review cycles', () => {
  it('sets the review cycle in Settings → Team, and shows the e-mail switch in My Settings', async () => {
    // Prepare
    await page.goto(`${stack.appUrl}/Settings`);
    await waitForTitle(page, 'Settings');
    await page.getByRole('switch', { name: 'Library answers due for review' }).waitFor({ state: 'attached' });
    await expect
      .poll(() => page.getByRole('switch', { name: 'Library answers due for review' }).isChecked())
      .toBe(true);
    await shot(page, 'library-review-email-switch');

    // Act
    await page.getByRole('tab', { name: 'Team' }).click();
    const cycle = page.getByLabel('Review cycle', { exact: true });
    await cycle.click();
    await page.getByRole('option', { name: 'Every 6 months' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/team/settings/update'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // Assess
    expect((await saved).request().postDataJSON()).toEqual({ libraryReviewCycle: 6 });
    expect((await saved).status()).toBe(200);
    await cycle.scrollIntoViewIfNeeded();
    await shot(page, 'library-review-cycle-1440');
    await narrow.goto(`${stack.appUrl}/Settings`);
    await waitForTitle(narrow, 'Settings');
    await narrow.getByRole('tab', { name: 'Team' }).click();
    const narrowCycle = narrow.getByLabel('Review cycle', { exact: true });
    await narrowCycle.scrollIntoViewIfNeeded();
    await expect.poll(() => narrowCycle.inputValue()).toBe('Every 6 months');
    await shot(narrow, 'library-review-cycle-375');
  });

  it('counts an answer that came due, lists it under Due for review, and shows its review in Answer Insights', async () => {
    // Prepare: two answers of the library whose review-by day has passed, then the hourly job.
    await stack.settle();
    const listed = await api
      .as(token)
      .call('searchLibrary', { body: { view: 'AVAILABLE' }, query: { limit: 2 } } as never);
    const items = (listed.body.data as AnswerPage).items;
    for (const [i, answer] of items.entries()) {
      const set = await api.as(token).call('updateAnswerReview', {
        params: { answerId: answer.answerId },
        body: { reviewByOn: addDays(today(), -1 - i) },
      });
      expect(set.status).toBe(200);
      dueIds.push(answer.answerId);
    }
    await stack.settle();

    // Act
    const run = await checkReviews();
    await stack.settle();
    await page.goto(`${stack.appUrl}/Answers`);
    await rows(page).first().waitFor();

    // Assess
    expect(run.flagged).toBeGreaterThanOrEqual(2);
    const badge = page.getByRole('button', { name: /due for review$/ });
    await badge.waitFor();
    await expect.poll(() => badge.textContent()).toMatch(/^\d+ due for review · \d+ overdue$/);
    await collection(page, 'Due for review').click();
    await rows(page).first().getByText('Needs Review').waitFor();
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(2);
    await shot(page, 'library-review-due-1440');

    await narrow.goto(`${stack.appUrl}/Answers?view=DUE_FOR_REVIEW`);
    await rows(narrow).first().getByText('Needs Review').waitFor();
    await shot(narrow, 'library-review-due-375');
  });

  it('Confirm unchanged reviews it: Available again, the next review six months on, the review in its history', async () => {
    // Prepare
    await rows(page).first().getByRole('button').first().click();
    const insights = page.getByRole('dialog', { name: 'Answer Insights' });
    const review = insights.getByLabel('Review', { exact: true });
    await review.getByText('Owner', { exact: true }).waitFor();
    await insights.getByText(REVIEW_DUE_REASON, { exact: true }).waitFor();
    await review.getByText('Overdue', { exact: true }).waitFor();
    await review.getByText('Not reviewed yet').waitFor();
    await review.getByText('Came due for review').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'library-review-insights-due-1440');

    // Act
    await review.getByRole('button', { name: 'Confirm unchanged' }).click();

    // Assess
    await review.getByText('Confirmed unchanged').waitFor();
    await review.getByText(/^Last review/).waitFor();
    await expect.poll(() => review.getByText('Not reviewed yet').count()).toBe(0);
    await expect.poll(() => review.getByText('Overdue', { exact: true }).count()).toBe(0);
    await insights.getByText('Available', { exact: true }).waitFor();
    const next = addMonths(today(), 6);
    const answerId = dueIds.find(Boolean) as string;
    const confirmed = (
      await Promise.all(dueIds.map((id) => api.as(token).call('getAnswer', { params: { answerId: id } })))
    ).map((r) => r.body.data.answer);
    expect(confirmed.filter((a) => a.answerStatus === 'IN-USE' && a.nextReviewOn === next)).toHaveLength(1);
    expect(answerId).toBeTruthy();
    await page.waitForTimeout(300);
    await shot(page, 'library-review-insights-confirmed-1440');
    await page.keyboard.press('Escape');

    // The other one at 375 px: its review panel, before it is reviewed.
    await narrow.reload();
    await rows(narrow).first().waitFor();
    await expect.poll(() => rows(narrow).count()).toBeGreaterThanOrEqual(1);
    await rows(narrow).first().getByRole('button').first().click();
    const small = narrow.getByRole('dialog', { name: 'Answer Insights' });
    const smallReview = small.getByLabel('Review', { exact: true });
    await smallReview.getByRole('button', { name: 'Confirm unchanged' }).waitFor();
    await smallReview.getByText('Review history').scrollIntoViewIfNeeded();
    await narrow.waitForTimeout(300);
    await shot(narrow, 'library-review-insights-375');
  });
});
