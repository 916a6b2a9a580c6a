/**
 * A new version of a questionnaire in the browser (issue 27 part 1): v1 imported, configured and
 * answered; on its card in Question Sources the user uploads v2 with "Upload a new version", sees
 * it compared live, reviews the changes (reworded side by side, new, removed), applies them, and
 * finds the answers carried over — the reworded question flagged in the answering screen with its
 * old and new wording. Screenshots (1440 and 375 px wide) go to a folder under the temp directory.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWORDED, V1, V2, versionWorkbook } from '../../scripts/fixtures/versions';
import { DEMO } from '../../scripts/local/provision';
import type { Question } from '../../shared/schemas/question';
import type { SheetDetail } from '../../shared/schemas/source';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { importSource } from '../support/sources';
import { assertSpaBuilt, launchChromium, signInLive } from './support';

const SHOTS = process.env.SOURCES_SHOTS ?? join(tmpdir(), 'sources-shots');
const FILES = join(tmpdir(), `versions-browser-${process.pid}`);

let stack: TestStack;
let browser: Browser;
const api = client(() => stack);
const resources = new Resources();
let token: string;
let projectId: string;
let reworded: Question;

function ok<T = any>(response: { status: number; body: any }, what: string): T {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as T;
}

beforeAll(async () => {
  assertSpaBuilt();
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(FILES, { recursive: true });
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
  writeFileSync(join(FILES, 'Globex questionnaire v2.xlsx'), await versionWorkbook(V2));
  token = await stack.signIn(DEMO.email, DEMO.password);
  const as = api.as(token);
  projectId = ok<{ projectId: string }>(
    await as.call('createProject', { body: { name: 'Globex renewal' } }),
    'createProject',
  ).projectId;
  // v1 imported, configured from its detected layout and answered, as a team would have it.
  const v1 = await importSource(as, projectId, 'Globex questionnaire.xlsx', await versionWorkbook(V1));
  const params = { projectId, projectSourceId: v1.projectSourceId, sheetId: v1.sheets[0].sheetId };
  const sheet = ok<SheetDetail>(await as.call('getSheet', { params }), 'getSheet');
  ok(
    await as.call('configureSheet', {
      params,
      body: {
        columnClassifications: sheet.suggestion.columnClassifications,
        isLinked: true,
        rowInclusion: sheet.suggestion.questionRows.map((rowNumber) => ({ rowNumber, isLinked: true })),
      },
    }),
    'configureSheet',
  );
  const questions = ok<{ items: Question[] }>(
    await as.call('listQuestions', { params: { projectId }, query: { limit: 100 } }),
    'listQuestions',
  ).items;
  for (const q of questions) {
    ok(
      await as.call('updateQuestion', {
        params: { projectId, questionId: q.questionId },
        body: { answer: `Our answer to ${q.referenceNumber}.`, responseClassification: 'COMPLIANT' },
      }),
      'updateQuestion',
    );
  }
}, 240_000);

afterAll(async () => {
  rmSync(FILES, { recursive: true, force: true });
  await resources.stopAll();
});

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function openSources(page: Page) {
  await page.goto(`${stack.appUrl}/Projects/${projectId}`);
  await page.getByRole('button', { name: 'Manage Project' }).click();
  await page.getByRole('menuitem', { name: 'Question Sources' }).click();
  return page.getByRole('dialog', { name: 'Question Sources' });
}

describe('a new version of a questionnaire', () => {
  it('uploads v2 from the card, reviews the changes and applies them: answers carried over', async () => {
    const page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, {
      width: 1440,
      height: 900,
    });
    const sources = await openSources(page);
    const v1Card = sources.getByRole('article', { name: 'Globex questionnaire.xlsx' });
    await v1Card.getByRole('button', { name: 'Upload a new version' }).waitFor();
    await shot(page, 'version-card-1440');

    // Upload v2 as the new version, and watch it read and compared live.
    await v1Card.locator('input[type=file]').setInputFiles(join(FILES, 'Globex questionnaire v2.xlsx'));
    const v2Card = sources.getByRole('article', { name: 'Globex questionnaire v2.xlsx' });
    await v2Card.getByRole('button', { name: 'Review changes' }).waitFor({ timeout: 60_000 });
    await v2Card.getByText('New version of Globex questionnaire.xlsx').waitFor();
    // Nothing is configured by hand while it is under review.
    expect(await v2Card.getByRole('button', { name: /^Configure/ }).count()).toBe(0);
    await shot(page, 'version-review-card-1440');

    // The changes: reworded side by side, new, removed; unchanged on their own tab.
    await v2Card.getByRole('button', { name: 'Review changes' }).click();
    const compare = page.getByRole('dialog', { name: 'Compare with previous version' });
    await compare.getByText('Changes (5)').waitFor();
    await compare.getByText(REWORDED).waitFor();
    await expect.poll(() => compare.locator('tr[data-kind="REWORDED"]').count()).toBe(1);
    await expect.poll(() => compare.locator('tr[data-kind="NEW"]').count()).toBe(2);
    await expect.poll(() => compare.locator('tr[data-kind="REMOVED"]').count()).toBe(2);
    await compare.getByText('2 questions are not in the new file.', { exact: false }).waitFor();
    await shot(page, 'version-compare-1440');

    // Apply: the card follows live until the version is applied.
    await compare.getByRole('button', { name: 'Apply new version' }).click();
    await v2Card.getByRole('button', { name: 'Compare with previous version' }).waitFor({ timeout: 60_000 });
    await v1Card.getByText('Replaced by Globex questionnaire v2.xlsx', { exact: false }).waitFor();
    await shot(page, 'version-applied-1440');

    // The project has v2's ten questions, no duplicate, and every answer of a kept question.
    const questions = ok<{ items: Question[] }>(
      await api.call('listQuestions', { token, params: { projectId }, query: { limit: 100 } }),
      'listQuestions',
    ).items;
    expect(questions.map((q) => q.question).sort()).toEqual(V2.map(([, q]) => q).sort());
    reworded = questions.find((q) => q.question === REWORDED) as Question;
    expect(reworded.answer).toBe('Our answer to 1.3.');
    await page.context().close();
  });

  it('shows the reworded question with its old and new wording, at 375 px too', async () => {
    const page = await signInLive(browser, stack.appUrl, DEMO.email, DEMO.password, {
      width: 375,
      height: 800,
    });
    await page.goto(`${stack.appUrl}/Projects/${projectId}/${reworded.questionId}`);
    const alert = page.getByTestId('reworded');
    await alert.getByText('Reworded in the new version of the file').waitFor({ timeout: 30_000 });
    await alert.getByText(V1[2][1]).waitFor();
    await alert.scrollIntoViewIfNeeded();
    await shot(page, 'version-reworded-375');

    await alert.getByRole('button', { name: 'The answer still holds' }).click();
    await alert.waitFor({ state: 'detached' });
    const after = async () =>
      ok<Question>(
        await api.call('getQuestion', { token, params: { projectId, questionId: reworded.questionId } }),
        'getQuestion',
      );
    await expect.poll(async () => (await after()).reworded).toBeUndefined();
    await page.context().close();
  });
});
