/**
 * The answering section with two people on the same question, each in their own browser: one saves
 * while the other is editing, and the other sees 'Question Updated' naming the fields (Accept
 * Changes takes theirs; Ignore keeps the draft and saves it on top, knowingly). Then Save & Next,
 * Clear Response, Mark Completed, the unsaved-changes prompt and restoring an answer from history.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { client } from '../support/api-client';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, SHOTS, signInLive } from './support';

const MEMBER = { email: 'bea.answers@example.com', givenName: 'Bea', lastName: 'Answers' };
const UNSAVED = 'You have unsaved changes, are you sure you want to continue?';

let stack: TestStack;
let browser: Browser;
const api = client(() => stack);
const resources = new Resources();
let owner: Person;
let projectId = '';
const questionIds: string[] = [];

beforeAll(async () => {
  assertSpaBuilt();
  stack = await resources.start(startTestStack(), (s) => s.stop());
  const token = await stack.signIn(DEMO.email, DEMO.password);
  const me = (await api.call('getUser', { token })).body.data;
  owner = { userId: me.userId, email: DEMO.email, token, teamId: me.teamId };
  await people(stack, api).join(owner, MEMBER.email, 'ROLE_MEMBER', {
    givenName: MEMBER.givenName,
    lastName: MEMBER.lastName,
  });
  const project = await api.call('createProject', { token, body: { name: 'Answering — two people' } });
  expect(project.status).toBe(200);
  projectId = project.body.data.projectId;
  for (const text of [
    'Do you encrypt customer data at rest?',
    'Do you run annual penetration tests?',
    'Do you keep an incident response plan?',
  ]) {
    const added = await api.call('addQuestion', { token, params: { projectId }, body: { question: text } });
    expect(added.status).toBe(200);
    questionIds.push(added.body.data.questionId);
  }
  browser = await resources.start(launchChromium(), (b) => b.close());
}, 180_000);

afterAll(() => resources.stopAll());

const questionUrl = (questionId: string) => `${stack.appUrl}/Projects/${projectId}/${questionId}`;

async function open(page: Page, questionId: string) {
  await page.goto(questionUrl(questionId));
  await page.locator('#answer-text').waitFor();
}

/** The question as the server has it now. */
async function saved(questionId: string) {
  const response = await api.call('getQuestion', { token: owner.token, params: { projectId, questionId } });
  return response.body.data as { answer: string; responseClassification: string; responseStatus: string };
}

const answer = (page: Page) => page.locator('#answer-text');
const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ hasText: title });

describe('answering a question together', () => {
  let a: Page;
  let b: Page;

  it("shows 'Question Updated' with the changed fields when someone else saves; Accept Changes takes theirs", async () => {
    a = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, { width: 1440, height: 900 });
    b = await signInLive(browser, stack.appUrl, MEMBER.email, TEST_PASSWORD, { width: 375, height: 812 });
    await a.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
    const [q1, q2] = questionIds;
    await Promise.all([open(a, q1), open(b, q1)]);

    await answer(a).fill('A draft that is not saved yet');
    await answer(b).fill('Yes. Data at rest is encrypted with AES-256.');
    await b.getByRole('checkbox', { name: 'Compliant', exact: true }).check();
    await b.locator('section[aria-label="Answering"]').screenshot({ path: join(SHOTS, 'answering-375.png') });
    // Others are incomplete, so the member's save moves on to the next incomplete question.
    await b.getByRole('button', { name: 'Save & Next' }).click();
    await b.waitForURL(questionUrl(q2));

    const updated = dialog(a, 'Question Updated');
    await updated.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => updated.getByRole('listitem').allInnerTexts())
      .toEqual(['Answer', 'Classification']);
    await a.screenshot({ path: join(SHOTS, 'answering-question-updated-1440.png') });
    await updated.getByRole('button', { name: 'Accept Changes' }).click();
    await expect.poll(() => answer(a).inputValue()).toBe('Yes. Data at rest is encrypted with AES-256.');
    await expect
      .poll(() => a.getByRole('checkbox', { name: 'Compliant', exact: true }).isChecked())
      .toBe(true);
    // Nothing left to save: the editor is back to the saved question.
    await expect.poll(() => a.getByRole('button', { name: 'Save & Next' }).isDisabled()).toBe(true);
  });

  it('keeps the draft on Ignore, and its save then lands on the newer version (no 409)', async () => {
    const [q1] = questionIds;
    await open(b, q1);
    await answer(a).fill('Yes, with keys managed in a KMS and rotated yearly.');
    await answer(b).fill('Yes, encrypted at rest.');
    await b.getByRole('button', { name: 'Save & Next' }).click();
    const updated = dialog(a, 'Question Updated');
    await updated.waitFor({ timeout: 20_000 });
    await expect.poll(() => updated.getByRole('listitem').allInnerTexts()).toEqual(['Answer']);
    await updated.getByRole('button', { name: 'Ignore' }).click();
    expect(await answer(a).inputValue()).toBe('Yes, with keys managed in a KMS and rotated yearly.');
    await a.getByRole('button', { name: 'Save & Next' }).click();
    await a.waitForURL(questionUrl(questionIds[1]));
    await expect
      .poll(async () => (await saved(q1)).answer)
      .toBe('Yes, with keys managed in a KMS and rotated yearly.');
  });

  it('asks before leaving with unsaved changes', async () => {
    const [q1, q2] = questionIds;
    await open(a, q1);
    await answer(a).fill('Something I have not saved');
    await a.getByRole('button', { name: 'Next question' }).click();
    const prompt = dialog(a, 'Unsaved changes');
    await prompt.getByText(UNSAVED).waitFor();
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    expect(a.url()).toBe(questionUrl(q1));
    expect(await answer(a).inputValue()).toBe('Something I have not saved');

    await a.getByRole('button', { name: 'Next question' }).click();
    await dialog(a, 'Unsaved changes').getByRole('button', { name: 'Continue' }).click();
    await a.waitForURL(questionUrl(q2));
  });

  it('clears the response and marks the question completed from the More menu', async () => {
    const [q1] = questionIds;
    await open(a, q1);
    await a.getByRole('button', { name: 'More' }).click();
    await a.getByRole('menuitem', { name: 'Clear Response' }).click();
    await expect.poll(() => answer(a).inputValue()).toBe('');
    await expect.poll(() => a.getByRole('checkbox', { name: 'Not Specified' }).isChecked()).toBe(true);
    await expect
      .poll(() => saved(q1))
      .toMatchObject({
        answer: '',
        responseClassification: 'INCOMPLETE',
        responseStatus: 'INCOMPLETE',
      });
    // With the answer cleared, the template chips come back.
    await a.getByRole('group', { name: 'Answer templates' }).waitFor();

    await a.getByRole('button', { name: 'More' }).click();
    await a.getByRole('menuitem', { name: 'Mark Completed' }).click();
    await expect.poll(async () => (await saved(q1)).responseStatus).toBe('COMPLETE');
    await a.getByText('Complete', { exact: true }).first().waitFor();
  });

  it('restores an earlier answer from the history, as a new entry', async () => {
    const [q1] = questionIds;
    await a.getByRole('button', { name: 'More' }).click();
    await a.getByRole('menuitem', { name: 'History' }).click();
    const entries = a.getByTestId('history-entry');
    await entries.first().waitFor();
    const before = await entries.count();
    const first = entries.filter({ hasText: 'Yes. Data at rest is encrypted with AES-256.' }).last();
    await a.screenshot({ path: join(SHOTS, 'answering-history-1440.png') });
    await first.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => answer(a).inputValue()).toBe('Yes. Data at rest is encrypted with AES-256.');
    await expect.poll(() => entries.count()).toBe(before + 1);
    await expect.poll(() => entries.first().getByText('Current').count()).toBe(1);
    await expect
      .poll(() => saved(q1))
      .toMatchObject({
        answer: 'Yes. Data at rest is encrypted with AES-256.',
        responseClassification: 'COMPLIANT',
      });
  });
});
