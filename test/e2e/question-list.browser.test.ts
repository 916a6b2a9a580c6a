/**
 * The question list of question answering in the browser (issue 12, spec 002 §2.1, §5, §9): a
 * project of 230 questions (more than the first page of 200, so the list arrives in two pages) is
 * seeded through the API; /Projects/<id>/start redirects to the first question; the count bar,
 * search (question, reference number, answer; any case), the filter menu and filters preloaded from
 * the query string (the dashboard tiles' ?status=), clicking rows, the hover quick-view, a live
 * change by another session, and the Add Question button (gated by CREATE_QUESTION, its validation,
 * then opening the new question). Screenshots at 1440 and 375 px go to a folder under the system
 * temp directory.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { client } from '../support/api-client';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, signInLive } from './support';

const SHOTS = process.env.QUESTION_LIST_SHOTS ?? join(tmpdir(), 'question-list-shots');
const VIEWER = { email: 'vera.viewer@example.com', givenName: 'Vera', lastName: 'Viewer' };
const COLLEAGUE = { email: 'cole.colleague@example.com', givenName: 'Cole', lastName: 'Colleague' };
const NAME = 'Globex SIG Lite 2026';
const QUESTIONS = 230;
/** Waits on what the screen loads (both pages of the list, a live refresh) on a busy machine. */
const WITHIN = { timeout: 15_000 };
const TOPICS = [
  'Do you encrypt customer data at rest',
  'Is multi-factor authentication enforced for administrators',
  'How often are backups restored in a test',
  'Do you keep an inventory of third-party vendors',
  'Describe your incident response process',
];

let stack: TestStack;
let browser: Browser;
const api = client(() => stack);
const resources = new Resources();
let demoToken: string;
let colleagueToken: string;
const ids: Record<'demo' | 'colleague' | 'viewer', string> = { demo: '', colleague: '', viewer: '' };

async function joinDemoTeam(person: typeof VIEWER, roleCode: string): Promise<string> {
  const [roles, groups] = await Promise.all([
    api.call('getRoles', { token: demoToken }),
    api.call('getGroups', { token: demoToken }),
  ]);
  const invite = await api.call('inviteMember', {
    token: demoToken,
    body: {
      emailAddress: person.email,
      groupId: groups.body.data[0].groupId,
      roleId: roles.body.data.find((r: { code: string }) => r.code === roleCode).roleId,
    },
  });
  expect(invite.status).toBe(200);
  await stack.signUp(person.email);
  const token = await stack.signIn(person.email);
  const registered = await api.call('registerUser', {
    token,
    body: { givenName: person.givenName, lastName: person.lastName, emailAddress: person.email },
  });
  expect(registered.status).toBe(200);
  const accepted = await api.call('respondToInvitation', {
    params: { membershipId: invite.body.data.membershipId },
    token,
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  return registered.body.data.userId;
}

beforeAll(async () => {
  assertSpaBuilt();
  mkdirSync(SHOTS, { recursive: true });
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  demoToken = await stack.signIn(DEMO.email, DEMO.password);
  ids.demo = (await api.call('getUser', { token: demoToken })).body.data.userId;
  ids.colleague = await joinDemoTeam(COLLEAGUE, 'ROLE_MEMBER');
  ids.viewer = await joinDemoTeam(VIEWER, 'ROLE_VIEWER');
  colleagueToken = await stack.signIn(COLLEAGUE.email, TEST_PASSWORD);
});

afterAll(() => resources.stopAll());

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

const signIn = (email: string, password: string, width = 1440) =>
  signInLive(browser, stack.appUrl, email, password, { width, height: 900 });

const countBar = (page: Page) => page.getByTestId('count-bar');
const rows = (page: Page) => page.getByTestId('question-row');
const search = (page: Page) => page.getByRole('textbox', { name: 'Search questions' });
const questionIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[3];

/** Seeds the project: QUESTIONS questions with reference numbers; some answered, assigned, completed. */
async function seedProject() {
  const created = await api.call('createProject', { token: demoToken, body: { name: NAME } });
  expect(created.status).toBe(200);
  const projectId: string = created.body.data.projectId;
  const questionIds: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const added = await api.call('addQuestion', {
      token: demoToken,
      params: { projectId },
      body: {
        question: `${TOPICS[i % TOPICS.length]}? (control ${i + 1})`,
        referenceNumber: `C-${String(i + 1).padStart(3, '0')}`,
      },
    });
    expect(added.status).toBe(200);
    questionIds.push(added.body.data.questionId);
  }
  const update = async (index: number, body: Record<string, unknown>) => {
    const updated = await api.call('updateQuestion', {
      token: demoToken,
      params: { projectId, questionId: questionIds[index] },
      body,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  };
  // Question 3: answered (a word only its answer holds), compliant, complete, assigned to the demo user.
  await update(2, {
    answer: 'Restores are rehearsed quarterly in an isolated Zanzibar environment.',
    responseClassification: 'COMPLIANT',
    responseStatus: 'COMPLETE',
  });
  await update(2, { assignedToUserId: ids.demo });
  // Questions 5 and 6: not compliant, in progress; 6 assigned to the colleague.
  await update(4, {
    answer: 'Not yet.',
    responseClassification: 'NON-COMPLIANT',
    responseStatus: 'IN-PROGRESS',
  });
  await update(5, {
    answer: 'Planned.',
    responseClassification: 'NON-COMPLIANT',
    responseStatus: 'IN-PROGRESS',
  });
  await update(5, { assignedToUserId: ids.colleague });
  // The last one (on the second page): partially compliant, complete.
  await update(QUESTIONS - 1, {
    answer: 'Partly.',
    responseClassification: 'PARTIALLY-COMPLIANT',
    responseStatus: 'COMPLETE',
  });
  return { projectId, questionIds };
}

describe('question list', () => {
  it('redirects from start, counts, searches, filters (also from the query string), navigates and adds', async () => {
    const { projectId, questionIds } = await seedProject();
    const base = `${stack.appUrl}/Projects/${projectId}`;
    const page = await signIn(DEMO.email, DEMO.password);

    // start → the first question, replacing the history entry; title = product + project name.
    await page.goto(`${base}/start`);
    await page.waitForURL(`${base}/${questionIds[0]}`);
    await expect.poll(() => page.title(), WITHIN).toBe(`Questionnaire Workspace · ${NAME}`);
    // Both pages arrive: the count bar shows the whole list.
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`${QUESTIONS} questions`);
    await expect.poll(() => page.getByTestId('completion-badge').textContent(), WITHIN).toBe('0% complete');
    await expect.poll(() => page.getByTestId('project-name').textContent(), WITHIN).toBe(NAME);
    await expect.poll(() => page.getByTestId('project-priority').textContent(), WITHIN).toBe('Normal');
    // The open question is highlighted; the list is virtualised (far fewer rows than questions).
    const active = page.locator('[data-testid=question-row][aria-current=page]');
    await expect.poll(() => active.getAttribute('data-question-id'), WITHIN).toBe(questionIds[0]);
    await expect.poll(() => rows(page).count(), WITHIN).toBeGreaterThan(10);
    expect(await rows(page).count()).toBeLessThan(80);
    await shot(page, 'list-1440');

    // Back control goes to the dashboard.
    await expect
      .poll(
        () => page.getByRole('link', { name: 'Back to the project dashboard' }).getAttribute('href'),
        WITHIN,
      )
      .toBe(`/Projects/${projectId}`);

    // Clicking a row opens that question (the URL follows, the row is highlighted).
    await page.locator(`[data-question-id="${questionIds[3]}"]`).click();
    await page.waitForURL(`${base}/${questionIds[3]}`);
    // The highlight follows the URL on the next render.
    await expect.poll(() => active.getAttribute('data-question-id'), WITHIN).toBe(questionIds[3]);

    // Hover quick-view: the full question, its answer, classification and assignee.
    await page.locator(`[data-question-id="${questionIds[2]}"]`).hover();
    const card = page.getByTestId('quick-view');
    await card.waitFor();
    await expect.poll(() => card.textContent(), WITHIN).toContain('(control 3)');
    await expect.poll(() => card.textContent(), WITHIN).toContain('Zanzibar');
    await expect.poll(() => card.textContent(), WITHIN).toContain('Compliant');
    await expect.poll(() => card.textContent(), WITHIN).toContain('Demo User');
    await shot(page, 'quick-view-1440');
    await page.mouse.move(900, 600);
    await card.waitFor({ state: 'detached' });

    // Search: question text, reference number and answer, ignoring case.
    const firstRow = () => rows(page).first().getAttribute('data-question-id');
    await search(page).fill('ZANZIBAR');
    await expect.poll(firstRow, WITHIN).toBe(questionIds[2]);
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`1 of ${QUESTIONS} questions`);
    await search(page).fill('c-23');
    await expect.poll(firstRow, WITHIN).toBe(questionIds[QUESTIONS - 1]);
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`1 of ${QUESTIONS} questions`);
    await search(page).fill('multi-factor');
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`46 of ${QUESTIONS} questions`);
    await search(page).fill('no such words anywhere');
    await page.getByText('No questions match').waitFor();
    expect(await search(page).getAttribute('maxlength')).toBe('250');
    await page.getByRole('button', { name: 'Clear search', exact: true }).click();
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`${QUESTIONS} questions`);

    // The filter menu: the spec's twelve keys and Evidence expired; OR within a group, AND across
    // groups; kept in the URL.
    await page.getByRole('button', { name: /^Filter/ }).click();
    const menu = page.getByTestId('filter-menu');
    await menu.waitFor();
    await expect.poll(() => menu.getByRole('checkbox').count(), WITHIN).toBe(13);
    await shot(page, 'filter-menu-1440');
    await menu.getByRole('checkbox', { name: 'Not Compliant' }).check();
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`2 of ${QUESTIONS} questions`);
    await menu.getByRole('checkbox', { name: 'Compliant', exact: true }).check();
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`3 of ${QUESTIONS} questions`);
    await menu.getByRole('checkbox', { name: 'Assigned to others' }).check();
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`1 of ${QUESTIONS} questions`);
    await expect.poll(firstRow, WITHIN).toBe(questionIds[5]);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('status'), WITHIN)
      .toBe('COMPLIANT,NON-COMPLIANT,ASSIGNED-TO-OTHERS');
    await menu.getByRole('checkbox', { name: 'Assigned to others' }).uncheck();
    await menu.getByRole('checkbox', { name: 'Assigned to me' }).check();
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`1 of ${QUESTIONS} questions`);
    await expect.poll(firstRow, WITHIN).toBe(questionIds[2]);
    await menu.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`${QUESTIONS} questions`);
    await page.keyboard.press('Escape');

    // Filters preloaded from the query string, as the dashboard's tiles send them; start opens the
    // first question they keep; moving between questions keeps them.
    await page.goto(`${base}/start?status=NON-COMPLIANT`);
    await page.waitForURL(`${base}/${questionIds[4]}?status=NON-COMPLIANT`);
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`2 of ${QUESTIONS} questions`);
    await page.locator(`[data-question-id="${questionIds[5]}"]`).click();
    await page.waitForURL(`${base}/${questionIds[5]}?status=NON-COMPLIANT`);
    await page.goto(`${base}/start?status=unassigned,complete`);
    await page.waitForURL(`${base}/${questionIds[QUESTIONS - 1]}?status=unassigned,complete`);
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`1 of ${QUESTIONS} questions`);
    await expect
      .poll(() => page.getByTestId('active-filters').textContent(), WITHIN)
      .toBe('CompleteUnassigned');
    await shot(page, 'preloaded-filters-1440');

    // Another session's save reaches the open list live (QUESTION_UPDATED): the row leaves the filter.
    const saved = await api.call('updateQuestion', {
      token: colleagueToken,
      params: { projectId, questionId: questionIds[QUESTIONS - 1] },
      body: { responseStatus: 'IN-PROGRESS' },
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(() => countBar(page).textContent(), { timeout: 10_000 })
      .toBe(`0 of ${QUESTIONS} questions`);

    // Add Question: disabled until the trimmed text is longer than 10 characters; then it opens.
    await page.goto(`${base}/${questionIds[0]}`);
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Add Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Question' });
    const text = dialog.getByRole('textbox', { name: 'Question', exact: true });
    const add = dialog.getByRole('button', { name: 'Add Question' });
    await text.fill('   ten chars   ');
    await text.blur();
    await dialog.getByText('Please check the question').waitFor();
    expect(await add.isDisabled()).toBe(true);
    expect(await text.getAttribute('maxlength')).toBe('4000');
    await shot(page, 'add-question-invalid-1440');
    await text.fill('Do you run a bug bounty programme?');
    await expect.poll(() => add.isDisabled(), WITHIN).toBe(false);
    await add.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => questionIdOf(page), WITHIN).not.toBe(questionIds[0]);
    const newId = questionIdOf(page);
    expect(questionIds).not.toContain(newId);
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe(`${QUESTIONS + 1} questions`);
    await expect
      .poll(() =>
        page.locator('[data-testid=question-row][aria-current=page]').getAttribute('data-question-id'),
      )
      .toBe(newId);
    const listed = await api.call('listQuestions', {
      token: demoToken,
      params: { projectId },
      query: { limit: 1000 },
    });
    expect(listed.body.data.items.map((q: { questionId: string }) => q.questionId)).toContain(newId);

    // Phone width: the panel spans the screen above the answer.
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'list-375', true);
    const panel = await page.getByRole('complementary', { name: 'Question list' }).boundingBox();
    expect(panel?.width).toBeLessThanOrEqual(375);
    await page.context().close();

    // A viewer (no CREATE_QUESTION) sees the list but no Add Question button.
    const viewer = await signIn(VIEWER.email, TEST_PASSWORD);
    await viewer.goto(`${base}/start`);
    await viewer.waitForURL(`${base}/${questionIds[0]}`);
    await expect.poll(() => countBar(viewer).textContent(), WITHIN).toBe(`${QUESTIONS + 1} questions`);
    expect(await viewer.getByRole('button', { name: 'Add Question' }).count()).toBe(0);
    await viewer.context().close();
  }, 240_000);

  it('shows a calm empty state with the add-question button for a project without questions', async () => {
    const created = await api.call('createProject', {
      token: demoToken,
      body: { name: 'Empty questionnaire' },
    });
    const projectId: string = created.body.data.projectId;
    const page = await signIn(DEMO.email, DEMO.password);
    await page.goto(`${stack.appUrl}/Projects/${projectId}/start`);
    await page.getByTestId('no-questions').waitFor();
    expect(page.url()).toBe(`${stack.appUrl}/Projects/${projectId}/start`);
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe('0 questions');
    await shot(page, 'empty-1440');
    await page.getByTestId('no-questions').getByRole('button', { name: 'Add Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Question' });
    await dialog
      .getByRole('textbox', { name: 'Question', exact: true })
      .fill('Is there a data retention policy?');
    await dialog.getByRole('button', { name: 'Add Question' }).click();
    await page.waitForURL(new RegExp(`/Projects/${projectId}/(?!start)[^/]+$`));
    await expect.poll(() => countBar(page).textContent(), WITHIN).toBe('1 question');
    await page.context().close();
  }, 120_000);
});
