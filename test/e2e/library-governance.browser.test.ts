/**
 * A library that stays true (issue 28), walked as one newcomer (the demo admin) in one browser page
 * on one stack, in the order of the issue's acceptance line:
 *  1. Owners and review cycles: sets the library's review cycle in Settings → Team (the e-mail switch
 *     "Library answers due for review" is in My Settings); an answer comes due (its review-by day set
 *     in the past through the API, then the hourly job's handler run); the library page counts it and
 *     lists it under Due for review, Answer Insights shows its owner, last and next review, and
 *     Confirm unchanged reviews it: back to Available, the next review a cycle away.
 *  2. Library health: two pairs of duplicate answers added and checked by the health job; the library
 *     page's counts lead to Library health, where a duplicate group is merged and a conflict resolved
 *     (Keep this one, with a reason); a check a teammate starts shows live; the view on a phone.
 *  3. The consistency check: on a project with two contradicting answers, Check consistency on the
 *     dashboard names both questions; Export Project counts the finding; one answer is fixed and the
 *     finding clears live; the export then has no finding and downloads. At 375 px, a finding on a
 *     second such project is dismissed.
 *  4. Gaps: the library page links to its gap list; a question asked in two projects is one gap, and
 *     "Add to library" adds it prefilled with the answer written since. After Fill from library, the
 *     review dialog says why each question was left empty and "Use this answer" answers one.
 * Each part's data is added when its step begins, so no part sees another's before it is done: the
 * answers the review step picks are the demo library's, the duplicate groups Library health shows are
 * the demo's and part 2's (part 4's tied answers come later), and the consistency projects' questions
 * never mention the gap step's "cycle". Screenshots (1440 and 375 px) go to test-results/, named
 * library-governance-NN-… in the walk's order.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReviews } from '../../functions/library/review/due-job';
import { DEMO } from '../../scripts/local/provision';
import type { AnswerAnalytics, AnswerPage, AutofillRun } from '../../shared/schemas/answer';
import { NO_ANSWER_TEXT } from '../../shared/schemas/library-gaps';
import type { LibraryHealthSummary } from '../../shared/schemas/library-health';
import type { Question } from '../../shared/schemas/question';
import { addDays, addMonths, REVIEW_DUE_REASON } from '../../shared/schemas/review';
import { client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import {
  assertSpaBuilt,
  launchChromium,
  libraryCollection,
  libraryRows,
  shot,
  signInLive,
  waitForTitle,
} from './support';

let stack: TestStack;
let page: Page;
const api = client(() => stack);
const resources = new Resources();
let token: string;

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };
let shots = 0;
/** The walk's screenshots, numbered in its order. */
const snap = (name: string) => shot(page, `library-governance-${String(++shots).padStart(2, '0')}-${name}`);
const today = () => new Date().toISOString().slice(0, 10);

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

async function call(name: string, args: Record<string, unknown>) {
  return ok(await api.call(name as never, { token, ...args } as never), name);
}

beforeAll(async () => {
  assertSpaBuilt();
  const [started, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  stack = started;
  token = await stack.signIn(DEMO.email, DEMO.password);
  page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, WIDE);
}, 180_000);

afterAll(() => resources.stopAll());

// ---- 1. Owners and review cycles ----------------------------------------------------------------

const dueIds: string[] = [];
const rows = () => libraryRows(page);
const collection = (name: string) => libraryCollection(page, name);

describe('1. owners and review cycles', () => {
  it('sets the review cycle in Settings → Team, and shows the e-mail switch in My Settings', async () => {
    // Prepare
    await page.goto(`${stack.appUrl}/Settings`);
    await waitForTitle(page, 'Settings');
    await page.getByRole('switch', { name: 'Library answers due for review' }).waitFor({ state: 'attached' });
    await expect
      .poll(() => page.getByRole('switch', { name: 'Library answers due for review' }).isChecked())
      .toBe(true);
    await snap('review-email-switch');

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
    await snap('review-cycle-1440');
    // Read again at phone width: the saved cycle is what the page loads.
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.appUrl}/Settings`);
    await waitForTitle(page, 'Settings');
    await page.getByRole('tab', { name: 'Team' }).click();
    await cycle.scrollIntoViewIfNeeded();
    await expect.poll(() => cycle.inputValue()).toBe('Every 6 months');
    await snap('review-cycle-375');
    await page.setViewportSize(WIDE);
  });

  it('counts an answer that came due, lists it under Due for review, and shows its review in Answer Insights', async () => {
    // Prepare: two answers of the (demo) library whose review-by day has passed, then the hourly job.
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
    await rows().first().waitFor();

    // Assess
    expect(run.flagged).toBeGreaterThanOrEqual(2);
    const badge = page.getByRole('button', { name: /due for review$/ });
    await badge.waitFor();
    await expect.poll(() => badge.textContent()).toMatch(/^\d+ due for review · \d+ overdue$/);
    await collection('Due for review').click();
    await rows().first().getByText('Needs Review').waitFor();
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(2);
    await snap('review-due-1440');

    await page.setViewportSize(PHONE);
    await page.goto(`${stack.appUrl}/Answers?view=DUE_FOR_REVIEW`);
    await rows().first().getByText('Needs Review').waitFor();
    await snap('review-due-375');
    await page.setViewportSize(WIDE);
  });

  it('Confirm unchanged reviews it: Available again, the next review six months on, the review in its history', async () => {
    // Prepare
    await rows().first().getByText('Needs Review').waitFor();
    await rows().first().getByRole('button').first().click();
    const insights = page.getByRole('dialog', { name: 'Answer Insights' });
    const review = insights.getByLabel('Review', { exact: true });
    await review.getByText('Owner', { exact: true }).waitFor();
    await insights.getByText(REVIEW_DUE_REASON, { exact: true }).waitFor();
    await review.getByText('Overdue', { exact: true }).waitFor();
    await review.getByText('Not reviewed yet').waitFor();
    await review.getByText('Came due for review').waitFor();
    await page.waitForTimeout(300);
    await snap('review-insights-due-1440');

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
    await snap('review-insights-confirmed-1440');
    await page.keyboard.press('Escape');

    // The other one at 375 px: its review panel, before it is reviewed.
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.appUrl}/Answers?view=DUE_FOR_REVIEW`);
    await rows().first().waitFor();
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(1);
    await rows().first().getByRole('button').first().click();
    const small = page.getByRole('dialog', { name: 'Answer Insights' });
    const smallReview = small.getByLabel('Review', { exact: true });
    await smallReview.getByRole('button', { name: 'Confirm unchanged' }).waitFor();
    await smallReview.getByText('Review history').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await snap('review-insights-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize(WIDE);
  });
});

// ---- 2. Library health ---------------------------------------------------------------------------

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

describe('2. library health', () => {
  it('shows the counts on the library page and opens Library health from them', async () => {
    // Prepare: two pairs of duplicate answers (one pair contradicting), checked by the health job.
    // The demo library's own report first: the walk's earlier steps added no duplicates to it.
    const summaryOnceIdle = (since = '') =>
      eventually(
        async () => {
          const summary = (await api.call('getLibraryHealthSummary', { token })).body
            .data as LibraryHealthSummary;
          if (summary.status !== 'IDLE' || !summary.checkedAt || summary.checkedAt < since)
            throw new Error('not yet');
          return summary;
        },
        { timeoutMs: 90_000, intervalMs: 500 },
      );
    await stack.settle();
    const demo = await summaryOnceIdle();
    const since = new Date().toISOString();
    const imported = await api.call('importAnswers', { token, body: { items: [...MFA, ...WAREHOUSE] } });
    ids = imported.body.data.answerIds;
    const checked = await summaryOnceIdle(since);

    // Act
    await page.goto(`${stack.appUrl}/Answers`);
    const link = page.getByRole('link', { name: /duplicate group.*conflict/ });
    await link.waitFor();
    // The counts are the demo's and this step's two groups, nothing from the other steps.
    expect(checked.duplicateGroups).toBe(demo.duplicateGroups + 2);
    expect(checked.conflicts).toBeGreaterThan(demo.conflicts);
    await expect
      .poll(() => link.textContent())
      .toMatch(new RegExp(`${checked.duplicateGroups} duplicate groups? · ${checked.conflicts} conflicts?`));
    await snap('health-counts');
    await link.click();

    // Assess
    await page.getByRole('heading', { name: 'Library health' }).waitFor();
    await conflictWith(ids[2], ids[3]).waitFor();
    await page.waitForTimeout(300);
    await snap('health');
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
  }, 180_000);

  it('merges a duplicate group into the answer picked', async () => {
    // Prepare
    const group = groupWith(ids[0]);
    await group.getByRole('radio', { name: `Keep "${MFA[0].question}"` }).check();

    // Act
    await group.getByRole('button', { name: 'Merge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge answers' });
    await dialog.getByText(`Keep "${MFA[0].question}"?`, { exact: false }).waitFor();
    await snap('health-merge');
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
    const row = rows().filter({ hasText: MFA[0].question });
    await row.first().getByRole('button').first().click();
    const history = page
      .getByRole('dialog', { name: 'Answer Insights' })
      .getByLabel('Review', { exact: true });
    await history.getByText('Merged in a duplicate').first().waitFor();
    await history.getByText(`“${MFA[1].question}”`).waitFor();
    await snap('health-merged-history');
    await page.keyboard.press('Escape');
  });

  it('resolves a conflict: Keep this one asks for a reason and archives the other answer', async () => {
    // Prepare: back to Library health, the conflict still there.
    await page.goto(`${stack.appUrl}/Answers/health`);
    await page.getByRole('heading', { name: 'Library health' }).waitFor();
    const conflict = conflictWith(ids[2], ids[3]);
    await conflict
      .locator(`[data-answer-id="${ids[2]}"]`)
      .getByRole('button', { name: 'Keep this one' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Keep this answer' });
    await dialog.getByRole('button', { name: 'Archive the other' }).click();
    await dialog.getByText('Please give a reason').waitFor();
    await snap('health-keep');

    // Act
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Encryption at rest was switched on in March');
    await dialog.getByRole('button', { name: 'Archive the other' }).click();

    // Assess
    await conflict.waitFor({ state: 'detached' });
    const archived = await answerOf(ids[3]);
    expect(archived.answer.answerStatus).toBe('ARCHIVED');
    expect(archived.answer.flaggedReason).toBe('Encryption at rest was switched on in March');
    await snap('health-resolved');
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
        // A response of the page navigated away from has no body to read: not the one awaited.
        const body = (await r.json().catch(() => undefined)) as
          | { data: { status: string; checkedAt?: string } }
          | undefined;
        return body?.data.status === 'IDLE' && (body.data.checkedAt ?? '') >= startedAt;
      },
      { timeout: 60_000 },
    );
    // Act: a teammate (another session) presses Check now.
    expect((await api.call('checkLibraryHealth', { token })).status).toBe(200);
    // Assess
    await done;
    await expect.poll(() => checkNow.isEnabled()).toBe(true);
    expect(await page.getByText('Checking', { exact: true }).count()).toBe(0);
    await snap('health-checked-live');
  });

  it('reads on a phone', async () => {
    // Act
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.appUrl}/Answers/health`);
    await page.getByRole('heading', { name: 'Library health' }).waitFor();
    await page.getByTestId('health-counts').waitFor();
    await page.waitForTimeout(300);
    await snap('health-375');

    // Assess: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

// ---- 3. The consistency check --------------------------------------------------------------------

const ENFORCED = 'Is multi-factor authentication required for all employees?';
const OPTIONAL = 'How do staff sign in to company systems?';

/** A project with two questions whose answers contradict on MFA, and a third unrelated one. */
async function contradictingProject() {
  const { projectId } = await call('createProject', { body: { name: 'Globex security questionnaire' } });
  const questionIds: string[] = [];
  for (const question of [ENFORCED, OPTIONAL, 'Where is customer data hosted?']) {
    questionIds.push((await call('addQuestion', { params: { projectId }, body: { question } })).questionId);
  }
  const answers = [
    'Yes. MFA is enforced for all users through our identity provider.',
    'Staff sign in with Google Workspace; MFA is optional.',
    'In AWS ap-southeast-2 (Sydney).',
  ];
  for (const [i, answer] of answers.entries()) {
    await call('updateQuestion', { params: { projectId, questionId: questionIds[i] }, body: { answer } });
  }
  await stack.settle();
  return { projectId, optionalId: questionIds[1] };
}

describe('3. consistency check', () => {
  it('finds two contradicting answers, names both, clears live when one is fixed, and exports', async () => {
    // Prepare
    const { projectId, optionalId } = await contradictingProject();
    await page.setViewportSize(WIDE);
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    const card = page.getByRole('region', { name: 'Consistency' });
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await snap('consistency-before-check-1440');

    // Act: run the check from the dashboard.
    await card.getByRole('button', { name: 'Check consistency' }).click();

    // Assess: one finding naming both questions, each a link to its question.
    const finding = card.locator('[data-testid="consistency-finding"][data-status="OPEN"]');
    await expect.poll(() => finding.count()).toBe(1);
    await expect
      .poll(() => card.getByTestId('consistency-status').textContent())
      .toContain('1 consistency finding to review');
    await expect
      .poll(() => finding.getByText('Multi-factor authentication', { exact: true }).count())
      .toBe(1);
    const enforcedLink = finding.getByRole('link', { name: ENFORCED });
    const optionalLink = finding.getByRole('link', { name: OPTIONAL });
    await expect
      .poll(() => enforcedLink.getAttribute('href'))
      .toMatch(new RegExp(`^/Projects/${projectId}/\\w+$`));
    await expect.poll(() => optionalLink.getAttribute('href')).toBe(`/Projects/${projectId}/${optionalId}`);
    await expect.poll(() => finding.getByText('“MFA is optional”').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await snap('consistency-finding-1440');

    // Act: the export dialog counts the finding and links to it.
    await page.getByRole('button', { name: 'Manage Project' }).click();
    await page.getByRole('menuitem', { name: 'Export Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Project' });
    const note = dialog.getByTestId('export-consistency');
    await note.waitFor();

    // Assess
    await expect.poll(() => note.textContent()).toContain('1 consistency finding');
    // Export waits for the file's preview only, never for the findings (the user may go on).
    const exportButton = dialog.getByRole('button', { name: 'Export', exact: true });
    await expect.poll(() => exportButton.isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(400);
    await snap('consistency-export-with-finding-1440');
    await note.getByRole('button', { name: '1 consistency finding' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => card.isVisible()).toBe(true);

    // Act: fix one answer (a colleague saves it); the open dashboard follows without a reload.
    await call('updateQuestion', {
      params: { projectId, questionId: optionalId },
      body: { answer: 'Staff sign in with Google Workspace, where MFA is enforced for everyone.' },
    });
    await stack.settle();

    // Assess
    await expect.poll(() => finding.count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => card.getByTestId('consistency-status').textContent())
      .toContain('No contradictions found');
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await snap('consistency-fixed-1440');

    // Act: export the project's data, once the check the dialog runs on opening has answered (so
    // a finding it reported would be on screen).
    const checked = page.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        new URL(r.url()).pathname === `/api/projects/${projectId}/consistency`,
    );
    await page.getByRole('button', { name: 'Manage Project' }).click();
    await page.getByRole('menuitem', { name: 'Export Project' }).click();
    await dialog.getByTestId('export-preview').waitFor();
    expect((await checked).status()).toBe(200);
    await (await checked).finished();
    await dialog.getByText('Checking the answers for contradictions…').waitFor({ state: 'detached' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);

    // Assess: no finding shown, and the file arrives.
    expect(await dialog.getByTestId('export-consistency').count()).toBe(0);
    expect(download.suggestedFilename()).toMatch(/\.(xlsx|csv)$/);
    await snap('consistency-exported-1440');
    await page.keyboard.press('Escape');
  });

  it('shows the findings on a phone-width screen', async () => {
    // Prepare
    const { projectId } = await contradictingProject();
    await call('checkConsistency', { params: { projectId } });
    await page.setViewportSize(PHONE);

    // Act
    await page.goto(`${stack.appUrl}/Projects/${projectId}`);
    const card = page.getByRole('region', { name: 'Consistency' });
    const finding = card.locator('[data-testid="consistency-finding"][data-status="OPEN"]');
    await finding.waitFor();
    await card.scrollIntoViewIfNeeded();

    // Assess: both questions named, nothing wider than the screen.
    await expect.poll(() => finding.getByRole('link', { name: ENFORCED }).isVisible()).toBe(true);
    await expect.poll(() => finding.getByRole('link', { name: OPTIONAL }).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.waitForTimeout(400);
    await snap('consistency-finding-375');
    await finding.getByRole('button', { name: 'Dismiss' }).click();
    const dismiss = page.getByRole('dialog', { name: 'Dismiss finding' });
    await dismiss.getByLabel('Reason').fill('Contractors are outside the identity provider.');
    await page.waitForTimeout(400);
    await snap('consistency-dismiss-375');
    await dismiss.getByRole('button', { name: 'Dismiss finding' }).click();
    await expect.poll(() => finding.count()).toBe(0);
    await card.getByRole('button', { name: 'Show 1 dismissed finding' }).click();
    await card.getByText('Contractors are outside the identity provider.', { exact: false }).waitFor();
    await page.waitForTimeout(400);
    await snap('consistency-dismissed-375');
    await page.setViewportSize(WIDE);
  });
});

// ---- 4. Gaps and honest "no answer" --------------------------------------------------------------

async function project(name: string, questions: string[]) {
  const { projectId } = ok(await api.as(token).call('createProject', { body: { name } }), 'createProject');
  const questionIds: string[] = [];
  for (const question of questions)
    questionIds.push(
      ok(
        await api.as(token).call('addQuestion', { params: { projectId }, body: { question } }),
        'addQuestion',
      ).questionId,
    );
  return { projectId, ids: questionIds };
}

const CYCLE_ANSWER = 'Yes: every employee may lease a bicycle through salary sacrifice, up to GBP 3,000.';
const gapCards = () => page.getByRole('list', { name: 'Gaps' }).getByTestId('gap');
const cycleGap = () => gapCards().filter({ hasText: /cycle/i });

describe('4. gaps', () => {
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
    await page.setViewportSize(WIDE);

    // Act: from the library page to its gap list.
    await page.goto(`${stack.appUrl}/Answers`);
    const link = page.getByRole('link', { name: /Gaps/ });
    await link.getByTestId('gap-count').waitFor({ timeout: 60_000 });
    await page.getByRole('list', { name: 'Answers' }).waitFor();
    await snap('gaps-library-link');
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
    const gapsBefore = await gapCards().count();
    await snap('gaps-list');
    await page.setViewportSize(PHONE);
    await cycleGap().scrollIntoViewIfNeeded();
    await snap('gaps-list-375');
    await page.setViewportSize(WIDE);

    // Act: Add to library, prefilled.
    await cycleGap().getByRole('button', { name: 'Add to library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Answer' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: /Question/ }).inputValue()).toMatch(/cycle/i);
    await expect.poll(() => dialog.getByRole('textbox', { name: /Answer/ }).inputValue()).toBe(CYCLE_ANSWER);
    await page.waitForTimeout(300);
    await snap('gaps-add-to-library');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Assess: the library answers it now, so the gap goes (the list refreshes itself).
    await expect.poll(() => cycleGap().count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => gapCards().count()).toBe(gapsBefore - 1);
    await page
      .getByText(/carbon emissions/)
      .first()
      .waitFor();
    await snap('gaps-after-add');
  }, 240_000);
});

describe('5. honest "no answer" in the autofill review', () => {
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
    const { projectId, ids: questionIds } = await project('Wayne Enterprises', [
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
    const emptyRows = dialog.getByTestId('empty-row');
    await emptyRows.first().waitFor();

    // Assess
    await expect.poll(() => emptyRows.count()).toBe(2);
    await emptyRows.filter({ hasText: 'logo' }).getByText(NO_ANSWER_TEXT.NO_MATCH).waitFor();
    const tied = emptyRows.filter({ hasText: 'sponsor' });
    await tied.getByText(NO_ANSWER_TEXT.BELOW_THRESHOLD).waitFor();
    await tied.getByText(/%$/).waitFor();
    await page.waitForTimeout(300);
    await snap('gaps-autofill-left-empty');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await snap('gaps-autofill-left-empty-375');
    await page.setViewportSize(WIDE);

    // Act: one click.
    await tied.getByRole('button', { name: 'Use this answer' }).click();

    // Assess: the question is answered from the library, In Progress; the row goes.
    await expect.poll(() => emptyRows.count(), { timeout: 30_000 }).toBe(1);
    const used = async () =>
      ok<{ items: Question[] }>(
        await api.as(token).call('listQuestions', { params: { projectId } }),
        'listQuestions',
      ).items.find((q) => q.questionId === questionIds[2]);
    await expect.poll(async () => (await used())?.responseStatus).toBe('IN-PROGRESS');
    expect((await used())?.answer).toMatch(/maintainers|Apache/);
    await snap('gaps-autofill-used');
  }, 240_000);
});
